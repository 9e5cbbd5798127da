// Texts of the brand panel.
export const BRAND_LOADING = '正在加载品牌信息';

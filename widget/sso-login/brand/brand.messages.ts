// Texts of the brand panel.
export const BRAND_LOADING = '正在加载品牌信息';
/** The logo's alternative text (the React panel and the first paint draw the same image). */
export const logoAlt = (brandTitle: string): string => `${brandTitle}标志`;
// Texts of the background carousel's pause control (a toggle button: pressed = paused).
export const CAROUSEL_PAUSE = '暂停背景轮播';
export const CAROUSEL_PLAY = '播放背景轮播';

// Version of the widget library; define.ts compares it when a tag is already defined on the page.
export const WIDGET_VERSION = '0.1.0';

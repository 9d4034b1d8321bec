// The product version shown in the menu footer and answered by GET /version.
export const VERSION = "3.5.0";

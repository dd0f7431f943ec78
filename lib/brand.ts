// Names shown on the screens. The spec leaves the shop's name out; the school sets its own here.
export const SHOP_NAME = "School Tuckshop";
export const SHOP_CONTACT_NAME = "the tuckshop manager";
export const DEVELOPER_CREDIT = "Canteen Portal";
/** Where the footer's powered-by credit links to (spec 000 §2); the school sets the real one. */
export const DEVELOPER_URL = "https://canteen-portal.example/";

// Names shown on the screens. The spec leaves the shop's name out. Each school has its own
// (School.name, issue 45), which screens, mails and labels show; SHOP_NAME is only the name the
// default school starts with (the seed and the upgrade's migration give it to school 1).
export const SHOP_NAME = "School Tuckshop";
export const SHOP_CONTACT_NAME = "the tuckshop manager";
export const DEVELOPER_CREDIT = "Canteen Portal";
/** Where the footer's powered-by credit links to (spec 000 §2); the school sets the real one. */
export const DEVELOPER_URL = "https://canteen-portal.example/";

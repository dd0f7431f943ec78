import { seeOther } from "@/lib/api/form-post";
import { route } from "@/lib/api/handler";

// POST /api/no-script — where a form that exists only once the scripts run (a dialog, the cart)
// would post if it ever submitted natively: its fields go in a body, never in the address, and
// nothing is read or changed. The visitor is sent back to the start page.
export const POST = route({ access: "public" }, async () => seeOther("/"));

import { route } from "@/lib/api/handler";
import { searchCodeHolders } from "@/lib/discounts/user-search";
import { userSearchQuerySchema } from "@/lib/validations/settings";

// GET /api/users/search?q= — { data: [{ id, username }] }: parents and teachers for a discount code.
export const GET = route(
  { access: { feature: "settings" }, query: userSearchQuerySchema },
  async ({ school, query }) => ({ data: await searchCodeHolders(school, query.q) }),
);

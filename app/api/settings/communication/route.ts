import { route } from "@/lib/api/handler";
import { getCommunicationSettings, saveCommunicationSettings } from "@/lib/settings/settings";
import { communicationSchema } from "@/lib/validations/settings";

// GET /api/settings/communication — { supportEmail, whatsappNumber } for the Contact Us dialog.
export const GET = route({ access: "user" }, async ({ school }) =>
  getCommunicationSettings(school),
);

// POST /api/settings/communication — { supportEmail, whatsappNumber } from the Communication tab.
export const POST = route(
  { access: { feature: "settings" }, body: communicationSchema },
  async ({ school, user, body }) => saveCommunicationSettings(school, user, body),
);

import { route } from "@/lib/api/handler";
import { getCommunicationSettings } from "@/lib/settings/settings";

// GET /api/settings/communication — { supportEmail, whatsappNumber } for the Contact Us dialog.
export const GET = route({ access: "user" }, async () => getCommunicationSettings());

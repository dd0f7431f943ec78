import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { MESSAGE_NOT_FOUND, setContactMessageHandled } from "@/lib/contact/messages";
import { contactMessageUpdateSchema } from "@/lib/validations/contact";

// PUT /api/contact/messages/{id} — `{ handled }`: mark a message handled or unread again.
export const PUT = route(
  { access: { feature: "messages" }, body: contactMessageUpdateSchema },
  async ({ school, user, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(MESSAGE_NOT_FOUND);
    return setContactMessageHandled(school, user, id, body.handled);
  },
);

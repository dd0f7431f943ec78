// The Messages inbox (issue 19): what parents and teachers sent through Contact Us, shared by the
// route handlers and the console section.
import type { PageMetadata } from "@/lib/contracts/paging";

/** Messages per page of the inbox. */
export const MESSAGES_PAGE_SIZE = 20;

export type ContactMessageDto = {
  id: number;
  name: string;
  email: string;
  text: string;
  /** The sender's account, when it still exists. */
  account: { id: number; username: string; role: string } | null;
  createdAt: string;
  /** When an admin marked it handled; null while unread. */
  handledAt: string | null;
  handledBy: string | null;
};

export type ContactMessagesPageDto = {
  data: ContactMessageDto[];
  metadata: PageMetadata;
  /** Messages not yet handled, across every page (the navigation's count). */
  unread: number;
};

"use client";

import { Mail, MessageCircle } from "lucide-react";
import { ContactEmailDialog } from "@/components/portal/contact-email-dialog";
import { useCommunication } from "@/components/portal/use-portal-queries";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { SessionUser } from "@/lib/auth/session";
import { whatsappLink } from "@/lib/client/whatsapp";

export type ContactView = "choose" | "email" | "whatsapp" | null;

// Contact Us (spec 000 §2): e-mail form or WhatsApp. WhatsApp is offered only when the school
// configured a number.
export function ContactDialogs({
  user,
  view,
  onViewChange,
}: {
  user: SessionUser;
  view: ContactView;
  onViewChange: (view: ContactView) => void;
}) {
  const communication = useCommunication();
  const link = whatsappLink(communication.data?.whatsappNumber, user.username);
  const close = (open: boolean) => !open && onViewChange(null);

  return (
    <>
      <Dialog open={view === "choose"} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Contact Us</DialogTitle>
            <DialogDescription>How would you like to reach the school canteen?</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            <Button variant="outline" size="lg" onClick={() => onViewChange("email")}>
              <Mail aria-hidden /> Send us an email
            </Button>
            {link && (
              <Button variant="outline" size="lg" onClick={() => onViewChange("whatsapp")}>
                <MessageCircle aria-hidden /> Chat on WhatsApp
              </Button>
            )}
          </div>
        </DialogContent>
      </Dialog>
      <ContactEmailDialog user={user} open={view === "email"} onOpenChange={close} />
      <Dialog open={view === "whatsapp" && link !== null} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>WhatsApp Support</DialogTitle>
            <DialogDescription>
              Chat with the canteen on WhatsApp. Your message starts with your username so we can
              find your account.
            </DialogDescription>
          </DialogHeader>
          {link && (
            <Button asChild size="lg">
              <a href={link} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden /> Open WhatsApp
              </a>
            </Button>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

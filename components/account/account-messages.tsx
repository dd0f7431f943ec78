"use client";

import { MessagesCard } from "@/components/account/messages-card";
import { PhoneCard } from "@/components/account/phone-card";
import { useAccountMessages } from "@/components/account/use-account-messages";
import { Separator } from "@/components/ui/separator";
import { errorMessage } from "@/lib/client/api";

// Profile Settings' phone and messages (issue 48), for parents and teachers: the phone card only
// where the school offers texts, the message choices always (e-mail at least).
export function AccountMessages() {
  const query = useAccountMessages();
  const account = query.data;
  return (
    <>
      <Separator />
      {account ? (
        <>
          {account.offered.includes("sms") && (
            <>
              <PhoneCard account={account} />
              <Separator />
            </>
          )}
          <MessagesCard account={account} />
        </>
      ) : query.isError ? (
        <p className="text-sm text-muted-foreground" role="status">
          {errorMessage(query.error, "Your message choices could not be loaded.")} Please try again
          later.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          Loading your message choices...
        </p>
      )}
    </>
  );
}

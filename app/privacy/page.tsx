import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { SHOP_CONTACT_NAME } from "@/lib/brand";
import { RETENTION } from "@/lib/contracts/privacy";
import { currentSchool, currentSchoolOrNone } from "@/lib/schools/current-school";
import { getCommunicationSettings } from "@/lib/settings/settings";

// The privacy notice (issue 26): for parents and staff, readable without signing in, linked from
// sign-up, the footer and Profile Settings. The periods come from RETENTION, the same constants the
// retention job applies.

export async function generateMetadata(): Promise<Metadata> {
  const school = await currentSchoolOrNone();
  return school ? { title: `Privacy notice · ${school.name}` } : {};
}

const days = (n: number, when: string) => (n === 0 ? when : `${n} ${n === 1 ? "day" : "days"}`);

export default async function PrivacyPage() {
  const school = await currentSchool();
  // Rendered per request: the school's contact comes from Settings, which admins change.
  await connection();
  const { supportEmail, whatsappNumber } = await getCommunicationSettings(school);
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-6 text-sm leading-relaxed">
      <div>
        <h1 className="text-2xl font-semibold">Privacy notice</h1>
        <p className="text-muted-foreground">
          How {school.name} looks after your family&apos;s data.
        </p>
      </div>

      <Section title="Who keeps it">
        The school runs this portal for its tuckshop. Questions go to {SHOP_CONTACT_NAME}
        {supportEmail && (
          <>
            {" "}
            at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </>
        )}
        {whatsappNumber && <> or on WhatsApp {whatsappNumber}</>}.
      </Section>

      <Section title="What we keep and why">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <b>You:</b> name, username, e-mail and phone, to sign you in, send receipts and reset
            your password.
          </li>
          <li>
            <b>Your children:</b> name, grade and class, to order and label their meals.
            <b> Allergies and dietary notes</b> only with your consent, to warn you when you order
            and to tell the kitchen.
          </li>
          <li>
            <b>Orders and payments:</b> what was ordered, paid, cancelled and refunded, for the
            school&apos;s accounts. Card and mobile-money payments go through DPO Pay, which gets
            the amount, a reference and, for mobile money, the number you enter.
          </li>
          <li>
            <b>Messages</b> you send us, to answer them.
          </li>
        </ul>
      </Section>

      <Section title="Who sees it">
        Only school staff whose work needs it: the kitchen sees names, classes, meals and allergies
        for the day; the office sees orders, payments and refunds; account managers see accounts.
        Nothing is sold or shared for advertising.
      </Section>

      <Section title="How long">
        <ul className="list-disc space-y-1 pl-5">
          <li>Sign-in sessions: until they {days(RETENTION.sessionDays, "expire")}.</li>
          <li>Temporary passwords: {days(RETENTION.resetPasswordDays, "")} after use or expiry.</li>
          <li>Failed sign-in counters: until their time window ends.</li>
          <li>
            E-mails we send: the text {days(RETENTION.mailBodyDays, "")}, one with a password or a
            link as soon as it is sent; the date and subject stay.
          </li>
          <li>Notes of reminders sent: {days(RETENTION.reminderClaimDays, "")}.</li>
          <li>
            Codes that verify your phone: {days(RETENTION.phoneCodeDays, "")} after they expire; the
            text that carried one, as soon as it is sent.
          </li>
          <li>
            Orders and payments: as long as the school&apos;s accounts need them; after you delete
            your account, without any name.
          </li>
        </ul>
      </Section>

      <Section title="Your rights">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <b>See and correct</b> your details in Profile Settings, your children&apos;s in the
            Students tab.
          </li>
          <li>
            <b>Get a copy:</b> Profile Settings → Download my data.
          </li>
          <li>
            <b>Delete your account:</b> Profile Settings → Delete my account, once no meal is still
            to be served and no payment is in progress. Money in your wallet is withdrawn first: the
            school pays it to your mobile money number, and keeps that number only until it is paid.
          </li>
          <li>
            <b>Withdraw consent</b> for allergies by clearing them in the Students tab.
          </li>
          <li>
            <b>Complain</b> to the school, or to Zambia&apos;s Data Protection Commissioner (Data
            Protection Act, 2021).
          </li>
        </ul>
      </Section>

      <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
        Back to the portal
      </Link>
    </main>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-1 [&_a]:text-primary [&_a]:underline">
      <h2 className="text-base font-semibold">{title}</h2>
      <div>{children}</div>
    </section>
  );
}

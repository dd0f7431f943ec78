import { DEVELOPER_CREDIT, DEVELOPER_URL } from "@/lib/brand";

// The portal footer (spec 000 §2): the Terms and Conditions link and the powered-by credit, and
// the privacy notice (issue 26).
export function PortalFooter({
  onShowTerms,
  poweredByHref = DEVELOPER_URL,
}: {
  onShowTerms: () => void;
  /** Where the powered-by credit links to (lib/brand.ts by default); plain text when empty. */
  poweredByHref?: string;
}) {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 pb-20 text-sm text-muted-foreground">
        <button
          type="button"
          onClick={onShowTerms}
          className="min-h-10 rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Terms and Conditions
        </button>
        {/* A plain link: next/link's prefetching code is not worth its 3 kB on the first load. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a
          href="/privacy"
          className="inline-flex min-h-10 items-center rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Privacy notice
        </a>
        <p>
          Powered by{" "}
          {poweredByHref ? (
            <a
              href={poweredByHref}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-10 items-center rounded-sm font-medium underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {DEVELOPER_CREDIT}
            </a>
          ) : (
            <span className="font-medium">{DEVELOPER_CREDIT}</span>
          )}
        </p>
      </div>
    </footer>
  );
}

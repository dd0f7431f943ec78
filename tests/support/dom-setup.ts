import "@testing-library/jest-dom/jest-globals";
import { configure } from "@testing-library/react";

// findBy… and waitFor wait for what the user would see, not for a speed: a toast's code is loaded
// with the first toast (components/notifications/toast.ts), and on a loaded two-core CI machine that
// first dynamic import took more than Testing Library's 1 s default (email-verified-toast failed
// there and nowhere else). Speed is measured by the benchmark scripts, never here.
configure({ asyncUtilTimeout: 5_000 });

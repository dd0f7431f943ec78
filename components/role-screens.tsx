"use client";

import dynamic from "next/dynamic";

// The four screens "/" renders by role (spec 001 §2), each in a chunk of its own: a server
// component importing them directly puts all four in the page's one client bundle, so a parent on
// a phone would download the admin console, its tables and the registration forms. Loaded this
// way, each visitor downloads only the screen the server rendered for them (still server-rendered,
// its chunk preloaded with the page).
export const AuthScreen = dynamic(() =>
  import("@/components/auth/auth-page").then((m) => m.AuthPage),
);
export const AdminScreen = dynamic(() =>
  import("@/components/admin/admin-console").then((m) => m.AdminConsole),
);
export const TeacherScreen = dynamic(() =>
  import("@/components/teacher/teacher-portal").then((m) => m.TeacherPortal),
);
export const ParentScreen = dynamic(() =>
  import("@/components/parent/parent-dashboard").then((m) => m.ParentDashboard),
);

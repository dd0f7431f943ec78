"use client";

import { createContext, useContext, type ReactNode } from "react";

// The school's name and clock on the client (issue 45). Client components cannot read the school:
// the root layout resolves it from the request's host and hands these two fields down as a prop
// (app/layout.tsx → Providers → here), so the sign-in page, the headers, the terms dialog and the
// admin tables show the school at this address. There is no default: a screen rendered without a
// school is a mistake, not the default school.

export type SchoolBrand = {
  /** The shop's name (School.name): sign-in page, headers, terms. */
  name: string;
  /** The school's IANA time zone, for the times the admin tables show. */
  timeZone: string;
  /** Suspended by the platform's operator (decision 0077): no ordering; absent when open. */
  closed?: boolean;
};

const SchoolBrandContext = createContext<SchoolBrand | undefined>(undefined);

export function SchoolBrandProvider({
  brand,
  children,
}: {
  /** Undefined where no school claims the host (the operators' console, the no-school page). */
  brand: SchoolBrand | undefined;
  children: ReactNode;
}) {
  return <SchoolBrandContext.Provider value={brand}>{children}</SchoolBrandContext.Provider>;
}

/** The school at this address: its name and time zone. */
export function useSchoolBrand(): SchoolBrand {
  const brand = useContext(SchoolBrandContext);
  if (!brand) throw new Error("A school screen rendered without its school (SchoolBrandProvider)");
  return brand;
}

/** The shop's name at this address. */
export function useSchoolName(): string {
  return useSchoolBrand().name;
}

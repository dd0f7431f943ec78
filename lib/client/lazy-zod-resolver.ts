import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod/mini";

/**
 * react-hook-form's zodResolver for a schema that is fetched, with zod and the resolver, on the
 * first validation (the first submit) rather than with the page: the same schema and messages,
 * without zod in the first download of a page whose form may never be sent. A failed fetch (no
 * network) is tried again on the next submit.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<z.core.$ZodType<T, T>>,
): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<T>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return (await loading)(values, context, options);
  };
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useErrorToast } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { api } from "@/lib/client/api";
import {
  USER_SEARCH_DEBOUNCE_MS,
  USER_SEARCH_MIN_LENGTH,
  type UserSearchResultDto,
} from "@/lib/contracts/settings";

/** The text after it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The discount form's searchable user (spec 001 §5, §9): searching starts at 2 characters and waits
 * until typing has paused for 300 ms; a choice shows as the selected user with a way to change it.
 */
export function UserPicker({
  id,
  selected,
  onSelect,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  /** id, aria-invalid and aria-describedby come from the form's FormControl. */
  id?: string;
  selected: UserSearchResultDto | null;
  onSelect: (user: UserSearchResultDto | null) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const [text, setText] = useState("");
  const term = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const listId = useId();
  // The box's own text counts too: once emptied (a choice, a reset form) no list stays open.
  const enabled =
    selected === null &&
    text.trim().length >= USER_SEARCH_MIN_LENGTH &&
    term.length >= USER_SEARCH_MIN_LENGTH;
  const search = useQuery({
    queryKey: ["/api/users/search", term],
    queryFn: () => api(`/api/users/search?q=${encodeURIComponent(term)}`),
    enabled,
  });
  useErrorToast(search.error, "Failed to search users");

  if (selected) {
    return (
      <div className="flex min-h-9 items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm">
        <span className="min-w-0 break-all">
          Selected: <span className="font-medium">{selected.username}</span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            onSelect(null);
            setText("");
          }}
        >
          <X aria-hidden /> Change user
        </Button>
      </div>
    );
  }

  const results = enabled ? (search.data?.data ?? []) : [];
  const waiting = text.trim() !== term || search.isFetching;
  return (
    <div className="grid gap-2">
      <Input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Type at least 2 characters to search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-controls={listId}
      />
      <div id={listId} aria-live="polite">
        {text.trim().length > 0 && text.trim().length < USER_SEARCH_MIN_LENGTH && (
          <p className="text-sm text-muted-foreground">Type at least 2 characters to search.</p>
        )}
        {enabled && !waiting && search.isSuccess && results.length === 0 && (
          <p className="text-sm text-muted-foreground">No users found</p>
        )}
        {results.length > 0 && (
          <ul aria-label="Matching users" className="max-h-56 overflow-y-auto rounded-md border">
            {results.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  className="w-full px-3 py-2 text-left text-sm break-all hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                  onClick={() => {
                    // The search is done: after the form resets, the box starts empty and closed.
                    setText("");
                    onSelect(user);
                  }}
                >
                  {user.username}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

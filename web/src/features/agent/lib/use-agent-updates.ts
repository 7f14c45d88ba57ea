import type { TargetPosition } from "@reachout/contract/agent";
import { TIMERS } from "@reachout/contract/constants";
import type { NetworkContact } from "@reachout/contract/contacts";
import type { LiveEvent } from "@reachout/contract/events";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { toast as sonner } from "sonner";
import { useLiveEvents } from "../../../lib/live-events";
import { toast } from "../../../lib/toast";
import { setCachedCredits } from "../../../lib/use-credits";
import { fetchPositionContacts, positionKeys, refreshAgent } from "../api/positions";
import { playNewContactSound } from "./beep";
import { NewContactNotifier } from "./new-contact-notifier";

/** At most this many new-contact toasts on screen; a newer one dismisses the oldest. */
const MAX_CONTACT_TOASTS = 3;

function describe(contact: NetworkContact): string {
  const role = [contact.title, contact.company].filter(Boolean).join(" at ");
  return role || contact.location || "Saved to My Network";
}

/**
 * Announces contacts the agent finds: from the live event stream when it is connected, and from
 * the 60-second poll (a position's count rose) when it is not. Also applies live credit changes
 * and the automatic pause.
 */
export function useAgentUpdates(positions: TargetPosition[] | undefined, notify: boolean): void {
  const queryClient = useQueryClient();
  const notifier = useRef(new NewContactNotifier()).current;
  const visible = useRef<string[]>([]);
  const counts = useRef<Map<string, number> | null>(null);
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  const showContactToast = useCallback(
    (key: string, title: string, description: string) => {
      if (!notifier.admitToast(key)) return;
      while (visible.current.length >= MAX_CONTACT_TOASTS) {
        const oldest = visible.current.shift();
        if (oldest) sonner.dismiss(oldest);
      }
      const id = `new-contact-${key}`;
      const forget = () => {
        visible.current = visible.current.filter((shown) => shown !== id);
      };
      visible.current.push(id);
      toast.success(title, {
        id,
        description,
        duration: TIMERS.newContactToastMs,
        onDismiss: forget,
        onAutoClose: forget,
      });
    },
    [notifier],
  );

  const announce = useCallback(
    async (positionId: string, pick: (contacts: NetworkContact[]) => NetworkContact[]) => {
      let contacts: NetworkContact[];
      try {
        contacts = await queryClient.fetchQuery({
          queryKey: positionKeys.contacts(positionId),
          queryFn: () => fetchPositionContacts(positionId),
          staleTime: 0,
        });
      } catch {
        return;
      }
      const picked = pick(contacts);
      const fresh = new Set(notifier.admitContacts(picked.map((contact) => contact.contact_id)));
      const announced = picked.filter((contact) => fresh.has(contact.contact_id));
      if (announced.length === 0 || !notifyRef.current) return;
      const position = queryClient
        .getQueryData<{ target_positions: TargetPosition[] }>(positionKeys.list)
        ?.target_positions.find((p) => p.id === positionId);
      const forPosition = position ? ` for ${position.job_title}` : "";
      const individual =
        announced.length > MAX_CONTACT_TOASTS
          ? announced.slice(0, MAX_CONTACT_TOASTS - 1)
          : announced;
      for (const contact of individual) {
        showContactToast(
          contact.contact_id,
          `New contact${forPosition}: ${contact.full_name}`,
          describe(contact),
        );
      }
      const rest = announced.length - individual.length;
      if (rest > 0) {
        showContactToast(
          `${positionId}-more-${announced[individual.length].contact_id}`,
          `${rest} more new contacts${forPosition}`,
          "Saved to My Network",
        );
      }
      playNewContactSound();
    },
    [queryClient, notifier, showContactToast],
  );

  useLiveEvents((event: LiveEvent) => {
    switch (event.type) {
      case "contacts": {
        const ids = new Set(event.contact_ids);
        void announce(event.position_id, (contacts) =>
          contacts.filter((contact) => ids.has(contact.contact_id)),
        );
        refreshAgent(queryClient);
        break;
      }
      case "credits":
        setCachedCredits(queryClient, event.credits);
        break;
      case "positions_paused":
        if (notifier.admitToast("positions-paused")) toast.error(event.message);
        refreshAgent(queryClient);
        break;
      default:
        break;
    }
  });

  // The polling fallback: a position whose count rose since the last load has new contacts.
  useEffect(() => {
    if (!positions) return;
    const previous = counts.current;
    counts.current = new Map(positions.map((p) => [p.id, p.contacts_found_count]));
    if (!previous) return;
    for (const position of positions) {
      const before = previous.get(position.id);
      const delta = before === undefined ? 0 : position.contacts_found_count - before;
      if (delta > 0) void announce(position.id, (contacts) => contacts.slice(0, delta));
    }
  }, [positions, announce]);
}

import type { TargetPosition } from "@reachout/contract/agent";
import type { NetworkContact } from "@reachout/contract/contacts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { networkContact } from "../../../test/contacts";
import { positionKeys } from "../api/positions";
import { useAgentUpdates } from "./use-agent-updates";

const POSITION_ID = "7d6c1f0e-0c1b-4a8e-9d63-5b1c2e3f4a5b";

const position = (count: number): TargetPosition => ({
  id: POSITION_ID,
  job_title: "Software Engineering Intern",
  location: "New York",
  priority: 1,
  search_frequency_hours: 12,
  is_active: true,
  contacts_found_count: count,
  last_searched_at: null,
  created_at: "2025-06-05T12:00:00.000Z",
});

const contact = (i: number): NetworkContact =>
  networkContact({
    id: `c${i}`,
    user_contact_id: `u${i}`,
    contact_id: `c${i}`,
    full_name: `Person ${i}`,
    first_name: null,
    last_name: null,
    company: `Company ${i}`,
    target_position_id: POSITION_ID,
    target_position_name: "Software Engineering Intern",
  });

let serverContacts: NetworkContact[];
beforeEach(() => {
  serverContacts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ contacts: serverContacts }), { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Harness({ positions, notify }: { positions: TargetPosition[]; notify: boolean }) {
  useAgentUpdates(positions, notify);
  return null;
}

function setup(notify = true) {
  const client = new QueryClient();
  client.setQueryData(positionKeys.list, { target_positions: [position(0)], notice: null });
  const ui = (positions: TargetPosition[]) => (
    <QueryClientProvider client={client}>
      <Harness positions={positions} notify={notify} />
      <Toaster visibleToasts={10} />
    </QueryClientProvider>
  );
  const view = render(ui([position(0)]));
  return { client, rerender: (positions: TargetPosition[]) => view.rerender(ui(positions)) };
}

describe("useAgentUpdates (the polling fallback)", () => {
  it("toasts the contacts behind a rise of a position's count, once each", async () => {
    const { rerender } = setup();
    serverContacts = [contact(2), contact(1)];
    rerender([position(2)]);
    expect(
      await screen.findByText("New contact for Software Engineering Intern: Person 2"),
    ).toBeTruthy();
    expect(screen.getByText("New contact for Software Engineering Intern: Person 1")).toBeTruthy();
    expect(screen.getAllByText("Technical Recruiter at Company 1")).toHaveLength(1);

    // A poll that reports the same count again asks for nothing and announces nothing new.
    rerender([{ ...position(2) }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText(/New contact for/)).toHaveLength(2);
  });

  it("shows at most 3 toasts for a large batch: two people and a summary", async () => {
    const { rerender } = setup();
    serverContacts = [5, 4, 3, 2, 1].map(contact);
    rerender([position(5)]);
    expect(
      await screen.findByText("3 more new contacts for Software Engineering Intern"),
    ).toBeTruthy();
    expect(screen.getAllByText(/New contact for/)).toHaveLength(2);
  });

  it("stays silent with notifications switched off", async () => {
    const { client, rerender } = setup(false);
    const success = vi.spyOn(toast, "success");
    serverContacts = [contact(1)];
    rerender([position(1)]);
    // The contacts arrived: the announcement has nothing left to wait for but its own decision.
    await waitFor(() =>
      expect(client.getQueryData(positionKeys.contacts(POSITION_ID))).toBeTruthy(),
    );
    await act(async () => {});
    expect(success).not.toHaveBeenCalled();
    expect(screen.queryByText(/New contact for/)).toBeNull();
  });
});

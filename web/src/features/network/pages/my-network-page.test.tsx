import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { SessionProvider } from "../../../lib/use-session";
import { networkContact, networkListContact } from "../../../test/contacts";
import { json } from "../../../test/fetch-stub";
import { signIn } from "../../../test/session";
import MyNetworkPage from "./my-network-page";

const USER_ID = "7d1e3c59-0d0e-4c57-9a53-5d1b8d1c2f10";
const ADA = { id: USER_ID, email: "ada@uni.example" };
let fetchSpy: MockInstance<typeof fetch>;
let network = [networkListContact()];

beforeEach(() => {
  network = [
    networkListContact({ full_name: "Ada Fresh" }),
    networkListContact({ full_name: "Bo Replied", status: "Responded" }),
  ];
  fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith("/api/my-network/mine")) {
      return json(200, {
        data: network,
        total: network.length,
        has_more: false,
        next_cursor: null,
      });
    }
    const whole = network.find((c) => url === `/api/my-network/contacts/${c.id}`);
    if (whole) {
      return json(
        200,
        networkContact({ ...whole, first_name: `${whole.full_name.split(" ")[0]}ie` }),
      );
    }
    if (url.startsWith("/api/my-network/contacts/"))
      return json(404, { detail: "Contact not found" });
    if (url.startsWith("/api/my-network/remove/") && init?.method === "DELETE") {
      const id = url.split("/").pop() as string;
      return json(200, { message: "Contact removed", contact_id: id });
    }
    return json(404, { detail: "unexpected" });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderPage(state?: unknown) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <SessionProvider>
        <MemoryRouter initialEntries={[{ pathname: "/my-network", state }]}>
          <Routes>
            <Route path="/my-network" element={<MyNetworkPage />} />
            <Route path="/agent" element={<p>Agent page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe("My Network", () => {
  it('says "Not logged in" without a user', () => {
    renderPage();
    expect(screen.getByText("Not logged in")).toBeTruthy();
  });

  it("shows the empty state when nothing is saved", async () => {
    signIn(ADA);
    network = [];
    renderPage();
    expect(await screen.findByText("You haven't saved any contacts yet.")).toBeTruthy();
  });

  it("asks a small first page, shows it, then fetches the rest behind it with load-more", async () => {
    signIn(ADA);
    const rest = networkListContact({ full_name: "Cy Later" });
    fetchSpy.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith("/api/my-network/mine/load-more")) {
        return json(200, { data: [rest], total: 3, has_more: false, next_cursor: null });
      }
      if (url.startsWith("/api/my-network/mine")) {
        return json(200, { data: network, total: 3, has_more: true, next_cursor: "c2" });
      }
      return json(404, { detail: "unexpected" });
    });
    renderPage();
    await screen.findByText("Ada Fresh");
    // The rest is listed without the student paging on.
    await screen.findByText("Cy Later");
    const listCalls = fetchSpy.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith("/api/my-network/mine"));
    expect(listCalls).toEqual([
      "/api/my-network/mine?initial_load=true&limit=100",
      "/api/my-network/mine/load-more?after=c2&limit=1000",
    ]);
  });

  it("filters by status", async () => {
    signIn(ADA);
    renderPage();
    await screen.findByText("Ada Fresh");
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "Responded" } });
    const list = screen.getByRole("list", { name: "Saved contacts" });
    expect(within(list).queryByText("Ada Fresh")).toBeNull();
    expect(within(list).getByText("Bo Replied")).toBeTruthy();
  });

  it("asks before removing the selected contacts, then removes them one call each", async () => {
    signIn(ADA);
    renderPage();
    await screen.findByText("Ada Fresh");
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByLabelText("Select Ada Fresh"));
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Contacts" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByText("Ada Fresh")).toBeNull());
    const deletes = fetchSpy.mock.calls.filter(([, init]) => init?.method === "DELETE");
    expect(deletes).toHaveLength(1);
    expect(String(deletes[0][0])).toBe(`/api/my-network/remove/${network[0].id}`);
  });

  it("opens the email dialog from a card and greets with the first name of the whole record", async () => {
    signIn(ADA);
    renderPage();
    await screen.findByText("Ada Fresh");
    // The list carries no first name: the dialog asks for the whole record when it opens.
    expect("first_name" in network[0]).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Email Ada Fresh" }));
    const dialog = await screen.findByRole("dialog", { name: /^Email Ada Fresh/ });
    expect(
      await within(dialog).findByPlaceholderText(
        "Write to Adaie, or let Personalize Email draft it from your resume.",
      ),
    ).toBeTruthy();
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toContain(
      `/api/my-network/contacts/${network[0].id}`,
    );
  });

  it('opens a linked contact that is gone as "Contact not found", and closing goes to /agent', async () => {
    signIn(ADA);
    renderPage({ contactId: "0b6f3f3e-9d57-4c5e-8f7e-2a7f7c9f0a11" });
    const dialog = await screen.findByRole("dialog", { name: "Contact not found" });
    expect(
      within(dialog).getByText(
        "The contact you're looking for could not be found. It may have been deleted or the link is invalid.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(await screen.findByText("Agent page")).toBeTruthy();
  });
});

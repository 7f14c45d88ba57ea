import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { networkContact } from "../../../test/contacts";
import { PositionContacts } from "./position-contacts";

const grace = networkContact({ full_name: "Grace Hopper", email: "grace@navy.example" });

let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(
    async () =>
      new Response(JSON.stringify({ contacts: [grace] }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
  );
});
afterEach(() => fetchSpy.mockRestore());

function NetworkStandIn() {
  const location = useLocation();
  return <output data-testid="opened">{JSON.stringify(location.state)}</output>;
}

describe("PositionContacts", () => {
  it("opens Reachout's email dialog for a found contact through My Network, not a mailto link", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/agent"]}>
          <Routes>
            <Route path="/agent" element={<PositionContacts positionId="p1" id="list" />} />
            <Route path="/my-network" element={<NetworkStandIn />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const email = await screen.findByRole("link", { name: "Email Grace Hopper" });
    expect(email.getAttribute("href")).toBe("/my-network");
    fireEvent.click(email);
    expect(JSON.parse(screen.getByTestId("opened").textContent ?? "")).toEqual({
      contactId: grace.contact_id,
    });
  });

  it("shows warm badges, sorts warm first and keeps only warm contacts on request", async () => {
    const alum = networkContact({
      full_name: "Alan Alum",
      warm_signals: [{ kind: "school", label: "Cornell alum" }],
    });
    fetchSpy.mockImplementation(
      async () =>
        new Response(JSON.stringify({ contacts: [grace, alum] }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/agent"]}>
          <PositionContacts positionId="p1" id="list" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const names = () =>
      screen
        .getAllByRole("listitem")
        .map((item) => item.querySelector("p")?.textContent)
        .filter(Boolean);
    await screen.findByText("Alan Alum");
    expect(names()).toEqual(["Grace Hopper", "Alan Alum"]);
    expect(screen.getByText("Cornell alum")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "warm" } });
    expect(names()).toEqual(["Alan Alum", "Grace Hopper"]);
    fireEvent.click(screen.getByLabelText("Warm contacts only"));
    expect(names()).toEqual(["Alan Alum"]);
  });
});

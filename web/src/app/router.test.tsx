import { render, screen, waitFor } from "@testing-library/react";
import { act, type ComponentType } from "react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppLayout } from "./layouts";
import { Providers } from "./providers";
import { type RouteHandle, routes } from "./router";

let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(
      async () => new Response(JSON.stringify({ detail: "none" }), { status: 404 }),
    );
});
afterEach(() => fetchSpy.mockRestore());

function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

/** Every route object with a path, however deep. */
function pathRoutes(list = routes): Array<{ path: string; handle?: unknown }> {
  return list.flatMap((route) => [
    ...(route.path ? [{ path: route.path, handle: route.handle }] : []),
    ...pathRoutes(route.children ?? []),
  ]);
}

describe("routes", () => {
  it("give every page its own tab title", () => {
    const titles = pathRoutes().map((route) => (route.handle as RouteHandle | undefined)?.title);
    expect(titles.every((title) => typeof title === "string" && title.length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("set the title per page and print no HydrateFallback warning on the first load", async () => {
    const warn = vi.spyOn(console, "warn");
    const router = createMemoryRouter(routes, { initialEntries: ["/privacy"] });
    renderRouter(router);
    await screen.findByRole("heading", { level: 1, name: /Privacy Policy/ }, { timeout: 15_000 });
    await waitFor(() => expect(document.title).toBe("Privacy Policy · Reachout"), {
      timeout: 15_000,
    });
    expect(warn.mock.calls.flat().join(" ")).not.toContain("HydrateFallback");
    warn.mockRestore();
    await act(() => router.navigate("/contact"));
    await waitFor(() => expect(document.title).toBe("Contact · Reachout"), { timeout: 15_000 });
  });

  it.each(["/my-network", "/pricing"])(
    "send a signed-out visitor of %s to /login before rendering it",
    async (path) => {
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      const seen: string[] = [];
      // What was committed as the current page (the first load commits once, after the redirect).
      router.subscribe((state) => state.initialized && seen.push(state.location.pathname));
      renderRouter(router);
      await screen.findByRole("heading", { name: "Sign in to Reachout" }, { timeout: 15_000 });
      expect(router.state.location.pathname).toBe("/login");
      expect(seen).not.toContain(path);
      expect(screen.queryByRole("heading", { name: "My Network" })).toBeNull();
      await waitFor(() => expect(document.title).toBe("Log In · Reachout"), { timeout: 15_000 });
    },
  );
});

function FormPage() {
  return (
    <form>
      <label>
        Name <input />
      </label>
      <Link to="/b">Next</Link>
    </form>
  );
}

function SecondPage() {
  return <h1>Second page</h1>;
}

describe("AppLayout while the next page loads", () => {
  it("keeps the old page at its address, inert, with a loading bar", async () => {
    let finish: (value: { Component: ComponentType }) => void = () => {};
    const next = new Promise<{ Component: ComponentType }>((resolve) => {
      finish = resolve;
    });
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [
            {
              path: "/a",
              handle: { title: "Form" },
              Component: FormPage,
            },
            { path: "/b", handle: { title: "Next" }, lazy: () => next },
          ],
        },
      ],
      { initialEntries: ["/a"] },
    );
    renderRouter(router);
    const link = await screen.findByRole("link", { name: "Next" });
    expect(screen.queryByRole("progressbar", { name: "Loading page" })).toBeNull();
    act(() => link.click());
    expect(await screen.findByRole("progressbar", { name: "Loading page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/a");
    expect(document.getElementById("main")?.hasAttribute("inert")).toBe(true);
    await act(async () => finish({ Component: SecondPage }));
    expect(await screen.findByRole("heading", { name: "Second page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/b");
    expect(document.getElementById("main")?.hasAttribute("inert")).toBe(false);
    expect(screen.queryByRole("progressbar", { name: "Loading page" })).toBeNull();
  });
});

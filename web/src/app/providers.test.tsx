import { render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { compactToast, toast } from "../lib/toast";
import { Providers } from "./providers";

/** A page that reports something the moment it mounts, as the mailbox return hooks do. */
function ReportsOnMount({ compact, general }: { compact: string; general: string }) {
  useEffect(() => {
    compactToast.error(compact);
    toast.error(general);
  }, [compact, general]);
  return <p>Account</p>;
}

describe("Providers", () => {
  // A page rendered in the same commit as the toast regions (a route the router had loaded
  // before React's first render) fires its effects before theirs: a region that subscribed
  // after its sibling page would never show what the page said on mount.
  it("shows a toast a page raises in its first effect", async () => {
    render(
      <Providers>
        <ReportsOnMount
          compact="This connection was started by another account"
          general="Something went wrong on mount"
        />
      </Providers>,
    );
    expect(await screen.findByText("This connection was started by another account")).toBeTruthy();
    expect(await screen.findByText("Something went wrong on mount")).toBeTruthy();
  });
});

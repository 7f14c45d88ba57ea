import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AgentStats, contactsProgress } from "./agent-stats";

const stats = {
  total_positions: 3,
  active_positions: 2,
  total_contacts_found: 42,
  positions_needing_search: 1,
  worker_active: true,
  notice: null,
};

describe("AgentStats", () => {
  it.each([
    [0, 0],
    [42, 42],
    [100, 100],
    [250, 100],
  ])("shows %i contacts as %i%% progress, capped at 100%%", (total, percent) => {
    expect(contactsProgress(total)).toBe(percent);
  });

  it("shows every figure, the worker state and the progress bar", () => {
    render(<AgentStats stats={stats} />);
    expect(screen.getByText("Total positions").nextSibling?.textContent).toBe("3");
    expect(screen.getByText("Active").nextSibling?.textContent).toBe("2");
    expect(screen.getByText("Needing search").nextSibling?.textContent).toBe("1");
    expect(screen.getByTestId("worker-state").textContent).toBe("Running");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("42");
  });

  it("says the worker is stopped when no worker is alive", () => {
    render(<AgentStats stats={{ ...stats, worker_active: false }} />);
    expect(screen.getByTestId("worker-state").textContent).toBe("Stopped");
  });
});

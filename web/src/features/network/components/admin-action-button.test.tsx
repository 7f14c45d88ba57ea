import { act, fireEvent, render, screen } from "@testing-library/react";
import { Megaphone } from "lucide-react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useIsAdmin } from "../../../lib/use-session";
import { AdminActionButton } from "./admin-action-button";

vi.mock("../../../lib/use-session", () => ({ useIsAdmin: vi.fn() }));

const renderButton = (onRun: () => Promise<void>) =>
  render(
    <AdminActionButton icon={Megaphone} label="Run it" busyLabel="Running..." onRun={onRun} />,
  );

beforeEach(() => {
  vi.mocked(useIsAdmin).mockReturnValue(true);
});

describe("AdminActionButton", () => {
  it("is hidden from non-admins", () => {
    vi.mocked(useIsAdmin).mockReturnValue(false);

    renderButton(vi.fn());

    expect(screen.queryByRole("button")).toBeNull();
  });

  it("is disabled and says so while its action runs, then comes back", async () => {
    let finish = () => {};
    const onRun = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderButton(onRun);

    fireEvent.click(screen.getByRole("button", { name: "Run it" }));

    const busy = screen.getByRole("button", { name: "Running..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(onRun).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect((screen.getByRole("button", { name: "Run it" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

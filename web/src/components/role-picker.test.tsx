import { ROLE_CATEGORIES, TARGET_ROLES } from "@reachout/contract/roles";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RolePicker } from "./role-picker";

function Controlled({ multiple, initial = [] }: { multiple?: boolean; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <RolePicker value={value} onChange={setValue} multiple={multiple} />
      <output data-testid="value">{value.join("|")}</output>
    </>
  );
}

const group = (category: string) => screen.getByRole("group", { name: new RegExp(category) });
const expand = (category: string) =>
  fireEvent.click(screen.getByRole("button", { name: new RegExp(category) }));
const picked = () => screen.getByTestId("value").textContent;

describe("RolePicker", () => {
  it("groups every target role under its category", () => {
    render(<Controlled />);
    for (const category of ROLE_CATEGORIES) {
      expand(category);
      const roles = TARGET_ROLES.filter((role) => role.category === category);
      expect(within(group(category)).getAllByRole("checkbox")).toHaveLength(roles.length);
    }
    expect(screen.getAllByRole("checkbox")).toHaveLength(TARGET_ROLES.length);
  });

  it("toggles roles by id and clears them all", () => {
    render(<Controlled />);
    expand("Consulting");
    fireEvent.click(screen.getByLabelText("Strategy Consultant"));
    fireEvent.click(screen.getByLabelText("Business Analyst"));
    expect(picked()).toBe("strategy consultant|business analyst");
    expect(screen.getByText("2 selected", { selector: "p" })).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Strategy Consultant"));
    expect(picked()).toBe("business analyst");
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(picked()).toBe("");
  });

  it("keeps exactly one role in single mode", () => {
    render(<Controlled multiple={false} />);
    expand("Technology - Software Engineering");
    fireEvent.click(screen.getByLabelText("Software Engineer"));
    fireEvent.click(screen.getByLabelText("DevOps Engineer"));
    expect(picked()).toBe("devops engineer");
    expect(screen.getAllByRole("radio").length).toBeGreaterThan(0);
  });

  it("filters roles across categories and says when nothing matches", () => {
    render(<Controlled />);
    const filter = screen.getByLabelText("Filter roles");
    fireEvent.change(filter, { target: { value: "intern" } });
    const shown = screen.getAllByRole("checkbox").map((box) => box.closest("label")?.textContent);
    expect(shown.length).toBe(TARGET_ROLES.filter((r) => r.id.includes("intern")).length);
    expect(shown.every((name) => name?.toLowerCase().includes("intern"))).toBe(true);
    fireEvent.change(filter, { target: { value: "astronaut" } });
    expect(screen.getByText("No roles match “astronaut”.")).toBeTruthy();
  });

  it("opens the groups that hold a selected role", () => {
    const onChange = vi.fn();
    render(<RolePicker value={["ux designer"]} onChange={onChange} />);
    expect(screen.getByLabelText("UX Designer")).toHaveProperty("checked", true);
    expect(
      screen
        .getByRole("button", { name: /Technology - Product & Design/ })
        .getAttribute("aria-expanded"),
    ).toBe("true");
    expect(screen.getByRole("button", { name: /Consulting/ }).getAttribute("aria-expanded")).toBe(
      "false",
    );
  });
});

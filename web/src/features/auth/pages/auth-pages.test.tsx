import { MESSAGES } from "@reachout/contract/messages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../../lib/use-session";
import { json } from "../../../test/fetch-stub";
import AuthCallbackPage from "./auth-callback-page";
import LoginPage from "./login-page";
import SignupPage from "./signup-page";
import VerifyPage from "./verify-page";

let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, "fetch");
});
afterEach(() => {
  fetchSpy.mockRestore();
  localStorage.clear();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, page: ReactNode, route: string) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}
const where = () => screen.getByTestId("where").textContent;

describe("SignupPage", () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@uni.example" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "long enough" } });
  };

  it("keeps Create Account disabled until the box is ticked, and says why only on a try", () => {
    renderAt("/signup", <SignupPage />, "/signup");
    const submit = screen.getByRole("button", { name: "Create Account" });
    expect(submit.getAttribute("aria-disabled")).toBe("true");
    // Nothing done yet: no warning, no alert box.
    expect(screen.queryByText(MESSAGES.signup.termsRequired)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    fill();
    expect(screen.queryByText(MESSAGES.signup.termsRequired)).toBeNull();
    fireEvent.click(submit);
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.signup.termsRequired);
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("checkbox"));
    expect(submit.getAttribute("aria-disabled")).toBe("false");
    expect(screen.queryByText(MESSAGES.signup.termsRequired)).toBeNull();
  });

  it("clears an old error when the email is changed", async () => {
    fetchSpy.mockResolvedValueOnce(json(200, { provider: "google" }));
    renderAt("/signup", <SignupPage />, "/signup");
    fill();
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    const message = "This email is already registered via Google. Please log in instead.";
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "bo@uni.example" } });
    expect(screen.queryByText(message)).toBeNull();
  });

  it("shows the already-registered message and sends no sign-up for a known email", async () => {
    fetchSpy.mockResolvedValueOnce(json(200, { provider: "google" }));
    renderAt("/signup", <SignupPage />, "/signup");
    fill();
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(
      await screen.findByText(
        "This email is already registered via Google. Please log in instead.",
      ),
    ).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0][0])).toContain("/api/auth/auth-provider");
  });

  it("creates the account after a 404 lookup and goes to /verify with the email", async () => {
    fetchSpy
      .mockResolvedValueOnce(json(404, { detail: "No account" }))
      .mockResolvedValueOnce(json(201, { message: "ok", email: "ada@uni.example" }));
    renderAt("/signup", <SignupPage />, "/signup");
    fill();
    fireEvent.change(screen.getByLabelText("Full Name"), { target: { value: " Ada Lovelace " } });
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(where()).toBe("/verify?email=ada%40uni.example"));
    const [, init] = fetchSpy.mock.calls[1];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "ada@uni.example",
      password: "long enough",
      full_name: "Ada Lovelace",
    });
  });
});

describe("LoginPage", () => {
  it("shows no error box before anything went wrong", () => {
    renderAt("/login", <LoginPage />, "/login");
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("clears a refusal when the email is changed", async () => {
    fetchSpy.mockResolvedValueOnce(json(401, { detail: "Incorrect email or password" }));
    renderAt("/login", <LoginPage />, "/login");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@uni.example" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect email or password");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada2@uni.example" } });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reports an answer without an access token", async () => {
    fetchSpy.mockResolvedValueOnce(json(200, { user_id: "u1", email: "a@uni.example" }));
    renderAt("/login", <LoginPage />, "/login");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@uni.example" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(MESSAGES.login.noToken)).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("stores token and user and goes to /my-network on success", async () => {
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes("/api/auth/login")
        ? json(200, {
            access_token: "header.eyJzdWIiOiJ1MSJ9.sig",
            token_type: "bearer",
            user_id: "u1",
            email: "a@uni.example",
          })
        : json(500, {}),
    );
    renderAt("/login", <LoginPage />, "/login");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "A@uni.example" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(where()).toBe("/my-network"));
    expect(localStorage.getItem("token")).toBe("header.eyJzdWIiOiJ1MSJ9.sig");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject({
      id: "u1",
      email: "a@uni.example",
    });
  });

  it("shows the error handed back by the Google callback", () => {
    renderAt(
      `/login?error=${encodeURIComponent(MESSAGES.login.usePassword)}`,
      <LoginPage />,
      "/login",
    );
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.login.usePassword);
  });
});

describe("VerifyPage", () => {
  it("refuses a code that is not 6 characters without calling the server", () => {
    renderAt("/verify?email=ada%40uni.example", <VerifyPage />, "/verify");
    expect(screen.getByText("A 6-digit code was sent to")).toBeTruthy();
    expect(screen.getByLabelText("Verification code")).toHaveProperty("maxLength", 6);
    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText(MESSAGES.verify.codeLength)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows Verifying... while busy, then goes to /login 1.5 s after success", async () => {
    let answer: (response: Response) => void = () => {};
    fetchSpy.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    renderAt("/verify?email=ada%40uni.example", <VerifyPage />, "/verify");
    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    const busy = await screen.findByRole("button", { name: "Verifying..." });
    expect(busy).toHaveProperty("disabled", true);
    answer(json(200, { message: MESSAGES.verify.success }));
    expect(await screen.findByText(/Taking you to log in/)).toBeTruthy();
    expect(where()).toContain("/verify");
    await waitFor(() => expect(where()).toBe("/login"), { timeout: 2500 });
  });

  it("says the link is missing the address to a signed-out visitor without one", () => {
    renderAt("/verify", <VerifyPage />, "/verify");
    expect(screen.getByText("The verification link is missing the email address.")).toBeTruthy();
    expect(where()).toBe("/verify");
  });

  it("sends a signed-in (so verified) student on to My Network, bare or with their own address", async () => {
    fetchSpy.mockResolvedValue(json(500, {}));
    localStorage.setItem("token", "header.payload.signature");
    localStorage.setItem("user", JSON.stringify({ id: "u1", email: "Ada@uni.example" }));
    for (const path of ["/verify", "/verify?email=ada%40uni.example"]) {
      const view = renderAt(path, <VerifyPage />, "/verify");
      await waitFor(() => expect(where()).toBe("/my-network"));
      expect(screen.queryByText("The verification link is missing the email address.")).toBeNull();
      view.unmount();
    }
  });

  it("shows the spec's form to a signed-in student for another address", () => {
    fetchSpy.mockResolvedValue(json(500, {}));
    localStorage.setItem("token", "header.payload.signature");
    localStorage.setItem("user", JSON.stringify({ id: "u1", email: "ada@uni.example" }));
    renderAt("/verify?email=bo%40uni.example", <VerifyPage />, "/verify");
    expect(screen.getByText("A 6-digit code was sent to")).toBeTruthy();
    expect(where()).toBe("/verify?email=bo%40uni.example");
  });

  it("shows the server's detail for a wrong code", async () => {
    fetchSpy.mockResolvedValueOnce(json(400, { detail: "Incorrect code. 4 attempts left." }));
    renderAt("/verify?email=ada%40uni.example", <VerifyPage />, "/verify");
    fireEvent.change(screen.getByLabelText("Verification code"), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Incorrect code. 4 attempts left.")).toBeTruthy();
  });
});

describe("AuthCallbackPage", () => {
  it("stores the session from the query and goes to /my-network", async () => {
    fetchSpy.mockResolvedValue(json(500, {}));
    renderAt(
      "/auth/callback?token=t.eyJzdWIiOiJ1OSJ9.s&email=g%40gmail.example&user_id=u9&name=Gia&picture=https%3A%2F%2Fimg.example%2Fg.png",
      <AuthCallbackPage />,
      "/auth/callback",
    );
    await waitFor(() => expect(where()).toBe("/my-network"));
    expect(localStorage.getItem("token")).toBe("t.eyJzdWIiOiJ1OSJ9.s");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject({
      id: "u9",
      email: "g@gmail.example",
      name: "Gia",
      profilePicture: "https://img.example/g.png",
    });
  });

  it("goes to /login when a parameter is missing", async () => {
    renderAt(
      "/auth/callback?token=abc&email=g%40gmail.example",
      <AuthCallbackPage />,
      "/auth/callback",
    );
    await waitFor(() => expect(where()).toBe("/login"));
    expect(localStorage.getItem("token")).toBeNull();
  });
});

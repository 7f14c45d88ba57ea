import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { logInDemo, openAs } from "./helpers";

/**
 * The app with an AI writer that stalls mid-answer (issue 37): its own server, beside the suite's,
 * on the suite's port + 40 and its own PGlite, pointed at a model here that streams a subject and
 * a greeting and then holds the line. What the student sees must be the offline email with the
 * timeout notice, never the greeting the model got to.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 40;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const TIMEOUT_MS = 3000;
const STALLED_SUBJECT = "A stalled subject line";
const STALLED_BODY = "Hi there,\n\nI am a student halfway through a thought";
const TIMEOUT_NOTICE = "The AI writer took too long, so Reachout's own writer drafted this email.";

test.use({ baseURL: BASE_URL });
test.describe.configure({ mode: "serial" });

let model: Server;
let app: ChildProcess;
let streamed = 0;

function chunk(response: ServerResponse, delta: Record<string, unknown>) {
  const event = {
    id: "chatcmpl-stall",
    object: "chat.completion.chunk",
    created: 1,
    model: "stalling",
    choices: [{ index: 0, delta, finish_reason: null }],
  };
  response.write(`data: ${JSON.stringify(event)}\n\n`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  model = createServer((request, response) => {
    let raw = "";
    request.on("data", (piece) => {
      raw += piece;
    });
    request.on("end", () => {
      const body = raw ? JSON.parse(raw) : {};
      if (!body.stream) {
        // Only the streamed writer is under test: anything else is told the model is down.
        response.writeHead(503, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "overloaded", type: "server_error" } }));
        return;
      }
      streamed += 1;
      response.writeHead(200, { "content-type": "text/event-stream" });
      chunk(response, { role: "assistant", content: "" });
      chunk(response, { content: `Subject: ${STALLED_SUBJECT}\n\n` });
      chunk(response, { content: STALLED_BODY });
      // ...and nothing more: no finish_reason, no [DONE], the connection held open.
    });
  });
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;

  const here = path.dirname(fileURLToPath(import.meta.url));
  app = spawn(process.execPath, [path.join(here, "..", "start-server.mjs")], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(PORT),
      E2E_DATABASE_URL: "",
      LLM_BASE_URL: modelUrl,
      LLM_API_KEY: "llm-e2e-key",
      LLM_MODEL: "stalling",
      LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE_URL}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 150_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
  }
  model?.closeAllConnections();
  await new Promise((resolve) => model?.close(resolve));
});

test("a stalled AI stream shows the offline email with the timeout notice, never the cut one", async ({
  page,
  request,
}) => {
  const session = await logInDemo(request);
  await openAs(page, session, "/my-network");
  await page
    .getByRole("button", { name: /^Email [A-Z]/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  const before = streamed;
  await dialog.getByRole("button", { name: "Personalize Email" }).click();

  await expect(dialog.getByText(/Showing:\s*Personalize/)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(TIMEOUT_NOTICE)).toBeVisible();
  expect(streamed).toBeGreaterThan(before);
  const subject = await dialog.getByLabel("Subject").inputValue();
  const body = await dialog.getByLabel("Body").inputValue();
  expect(subject).not.toBe(STALLED_SUBJECT);
  expect(body).not.toContain("halfway through a thought");
  // The offline writer's whole email: signed with the demo student's name.
  expect(body).toContain("Demo Student");
});

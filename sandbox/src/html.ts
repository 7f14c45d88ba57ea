const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (value: unknown) =>
  String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A plain, script-free page (the app's CSP forbids inline scripts), styled inline. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Reachout Sandbox</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:32px}
main{max-width:720px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:22px;margin:0 0 6px} .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;margin-bottom:12px}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px} input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;font-size:15px}
button{padding:10px 18px;border-radius:8px;border:0;font-size:15px;font-weight:600;cursor:pointer;margin:18px 8px 0 0}
.primary{background:#4f46e5;color:#fff} .secondary{background:#e2e8f0;color:#0f172a}
.mail{border-top:1px solid #e2e8f0;padding:14px 0} .meta{color:#64748b;font-size:13px} pre{white-space:pre-wrap;font-family:inherit;margin:8px 0 0}
</style></head><body><main><span class="badge">Sandbox</span>${body}</main></body></html>`;
}

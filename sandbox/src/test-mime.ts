/**
 * A student's outreach email as a mail client writes it (RFC 822): the message the Gmail and
 * Graph stand-ins' tests send, with or without a PDF resume attached.
 */
export function outreachMime(input: {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  text?: string;
  inReplyTo?: string;
  withResume?: boolean;
}): string {
  const boundary = "b1_reachout";
  const text = input.text ?? "Hi Grace, I'd love to talk.";
  const headers = [
    `From: "Ada Student" <${input.from}>`,
    `To: ${input.to}`,
    `Subject: ${input.subject}`,
    `Message-ID: ${input.messageId}`,
    ...(input.inReplyTo
      ? [`In-Reply-To: ${input.inReplyTo}`, `References: ${input.inReplyTo}`]
      : []),
    "MIME-Version: 1.0",
  ];
  const lines = input.withResume
    ? [
        ...headers,
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        text,
        `--${boundary}`,
        'Content-Type: application/pdf; name="Ada_Resume.pdf"',
        'Content-Disposition: attachment; filename="Ada_Resume.pdf"',
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("%PDF-1.4 resume").toString("base64"),
        `--${boundary}--`,
      ]
    : [...headers, "Content-Type: text/plain; charset=utf-8", "", text];
  return lines.join("\r\n");
}

/**
 * Real-world-shaped inbound messages for the classifier tests: bounces as Gmail, Outlook /
 * Exchange, Postfix, qmail, Exim and Yahoo write them, automatic replies from Gmail's vacation
 * responder, Outlook/Exchange and help desks in several languages, and people's replies. The
 * addresses are fictional (.example); the structure follows what those systems send.
 */
export interface InboundSample {
  name: string;
  raw: string;
  expected:
    | { kind: "bounce" | "delay"; status: string; recipient: string; originalMessageId?: string }
    | { kind: "auto_reply"; returnsOn?: string | null }
    | { kind: "opt_out"; phrase: string }
    | { kind: "reply" };
}

/** Every sample arrived at this moment (the reference for return dates without a year). */
export const RECEIVED_AT = new Date("2026-11-24T10:00:00Z");

const ORIGINAL = `From: Ada Lovelace <ada@gmail.example>
To: Jane Doe <jane.doe@northbridge.example>
Subject: Investment banking internship question
Date: Tue, 24 Nov 2026 09:58:12 +0000
Message-ID: <ro-1f2e3d4c@reachout.example>
MIME-Version: 1.0
Content-Type: text/plain; charset=UTF-8

Hi Jane,

I'm a junior at Columbia studying Economics...`;

export const DSN_SAMPLES: InboundSample[] = [
  {
    name: "Gmail: 5.1.1 account does not exist",
    expected: {
      kind: "bounce",
      status: "5.1.1",
      recipient: "jane.doe@northbridge.example",
      originalMessageId: "<ro-1f2e3d4c@reachout.example>",
    },
    raw: `Delivered-To: ada@gmail.example
Return-Path: <>
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ada@gmail.example
Auto-Submitted: auto-replied
Subject: Delivery Status Notification (Failure)
References: <ro-1f2e3d4c@reachout.example>
In-Reply-To: <ro-1f2e3d4c@reachout.example>
X-Failed-Recipients: jane.doe@northbridge.example
Message-ID: <67434a1b.050a0220.3c9a1.0f2a.GMR@mx.google.com>
Date: Tue, 24 Nov 2026 09:58:14 -0800 (PST)
MIME-Version: 1.0
Content-Type: multipart/report; boundary="00000000000082b2a40627d0c8e1"; report-type=delivery-status

--00000000000082b2a40627d0c8e1
Content-Type: multipart/related; boundary="0000000000008306ba0627d0c8e9"

--0000000000008306ba0627d0c8e9
Content-Type: text/html; charset="UTF-8"

<html><body><h2>Address not found</h2><p>Your message wasn't delivered to <a>jane.doe@northbridge.example</a> because the address couldn't be found, or is unable to receive mail.</p><p>The response from the remote server was:</p><p>550 5.1.1 The email account that you tried to reach does not exist.</p></body></html>
--0000000000008306ba0627d0c8e9--

--00000000000082b2a40627d0c8e1
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; ada@gmail.example
Arrival-Date: Tue, 24 Nov 2026 09:58:12 -0800 (PST)
X-Original-Message-ID: <ro-1f2e3d4c@reachout.example>

Final-Recipient: rfc822; jane.doe@northbridge.example
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.northbridge.example. (192.0.2.10, the server for the domain northbridge.example.)
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try
 double-checking the recipient's email address for typos or unnecessary spaces.
Last-Attempt-Date: Tue, 24 Nov 2026 09:58:14 -0800 (PST)

--00000000000082b2a40627d0c8e1
Content-Type: message/rfc822

${ORIGINAL}
--00000000000082b2a40627d0c8e1--
`,
  },
  {
    name: "Gmail: 4.4.1 delay warning",
    expected: { kind: "delay", status: "4.4.1", recipient: "jane.doe@northbridge.example" },
    raw: `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ada@gmail.example
Subject: Delivery Status Notification (Delay)
In-Reply-To: <ro-1f2e3d4c@reachout.example>
Content-Type: multipart/report; boundary="b1"; report-type=delivery-status

--b1
Content-Type: text/plain; charset="UTF-8"

** Message not delivered yet **

There was a temporary problem delivering your message to jane.doe@northbridge.example. Gmail will retry for 46 more hours. You'll be notified if the delivery fails permanently.

--b1
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Arrival-Date: Tue, 24 Nov 2026 09:58:12 -0800 (PST)
X-Original-Message-ID: <ro-1f2e3d4c@reachout.example>

Final-Recipient: rfc822; jane.doe@northbridge.example
Action: delayed
Status: 4.4.1
Diagnostic-Code: smtp; The recipient server did not accept our requests to connect.
Last-Attempt-Date: Tue, 24 Nov 2026 11:04:31 -0800 (PST)
Will-Retry-Until: Thu, 26 Nov 2026 09:58:13 -0800 (PST)

--b1--
`,
  },
  {
    name: "Outlook.com / Exchange Online: 5.1.10 RecipientNotFound",
    expected: {
      kind: "bounce",
      status: "5.1.10",
      recipient: "m.chen@contoso.example",
      originalMessageId: "<ro-aa11bb22@reachout.example>",
    },
    raw: `From: postmaster@outlook.com
To: ada@gmail.example
Date: Tue, 24 Nov 2026 18:02:10 +0000
Subject: Undeliverable: Investment banking internship question
Content-Language: en-US
Auto-Submitted: auto-replied
X-MS-Exchange-Message-Is-Ndr:
Content-Type: multipart/report; report-type=delivery-status;
	boundary="_000_7a9f2_"
MIME-Version: 1.0

--_000_7a9f2_
Content-Type: multipart/alternative; boundary="_002_7a9f2_"

--_002_7a9f2_
Content-Type: text/plain; charset="us-ascii"

Your message to m.chen@contoso.example couldn't be delivered.
m.chen wasn't found at contoso.example.

Ada Lovelace    Office 365    m.chen
Action Required                 Recipient

Unknown To address

--_002_7a9f2_
Content-Type: text/html; charset="us-ascii"

<html><body><p>Your message to m.chen@contoso.example couldn't be delivered.</p></body></html>

--_002_7a9f2_--

--_000_7a9f2_
Content-Type: message/delivery-status

Reporting-MTA: dns;BN8PR12MB3361.namprd12.prod.outlook.com
Received-From-MTA: dns;mail-sor-f41.google.com
Arrival-Date: Tue, 24 Nov 2026 18:02:09 +0000

Final-Recipient: rfc822;m.chen@contoso.example
Action: failed
Status: 5.1.10
Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup

--_000_7a9f2_
Content-Type: message/rfc822

From: Ada Lovelace <ada@gmail.example>
To: <m.chen@contoso.example>
Subject: Investment banking internship question
Message-ID: <ro-aa11bb22@reachout.example>

Hello

--_000_7a9f2_--
`,
  },
  {
    name: "Exchange on-premises (German): 5.1.1 Unzustellbar, returned headers only",
    expected: {
      kind: "bounce",
      status: "5.1.1",
      recipient: "k.weber@harborview.example",
      originalMessageId: "<ro-de77@reachout.example>",
    },
    raw: `From: Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@harborview.example>
To: <ada@gmail.example>
Subject: Unzustellbar: Frage zum Praktikum
Auto-Submitted: auto-replied
Content-Type: multipart/report; report-type=delivery-status; boundary="_exch_"

--_exch_
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

Die Nachricht konnte an folgende Empf=C3=A4nger oder Gruppen nicht zugestellt werden:

k.weber@harborview.example
Die E-Mail-Adresse, die Sie eingegeben haben, wurde nicht gefunden.

--_exch_
Content-Type: message/delivery-status

Reporting-MTA: dns;EXCH01.harborview.example
Received-From-MTA: dns;mail-wr1-f44.google.com
Arrival-Date: Tue, 24 Nov 2026 10:00:02 +0100

Original-Recipient: rfc822;k.weber@harborview.example
Final-Recipient: rfc822;k.weber@harborview.example
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp;550 5.1.1 RESOLVER.ADR.ExRecipNotFound; not found

--_exch_
Content-Type: text/rfc822-headers

From: Ada Lovelace <ada@gmail.example>
To: <k.weber@harborview.example>
Subject: Frage zum Praktikum
Message-ID: <ro-de77@reachout.example>
Date: Tue, 24 Nov 2026 09:59:58 +0100

--_exch_--
`,
  },
  {
    name: "Postfix: 5.1.1 user unknown in virtual mailbox table",
    expected: {
      kind: "bounce",
      status: "5.1.1",
      recipient: "info@summitridge.example",
      originalMessageId: "<ro-pf01@reachout.example>",
    },
    raw: `Return-Path: <>
From: MAILER-DAEMON@mail.summitridge.example (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: ada@gmail.example
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="4BD1B3F2C1.1732442400/mail.summitridge.example"

This is a MIME-encapsulated message.

--4BD1B3F2C1.1732442400/mail.summitridge.example
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.summitridge.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

                   The mail system

<info@summitridge.example>: host mx.summitridge.example[198.51.100.7] said: 550
    5.1.1 <info@summitridge.example>: Recipient address rejected: User unknown
    in virtual mailbox table (in reply to RCPT TO command)

--4BD1B3F2C1.1732442400/mail.summitridge.example
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.summitridge.example
X-Postfix-Queue-ID: 4BD1B3F2C1
X-Postfix-Sender: rfc822; ada@gmail.example
Arrival-Date: Tue, 24 Nov 2026 10:00:00 +0000 (UTC)

Final-Recipient: rfc822; info@summitridge.example
Original-Recipient: rfc822;info@summitridge.example
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.summitridge.example
Diagnostic-Code: smtp; 550 5.1.1 <info@summitridge.example>: Recipient address
    rejected: User unknown in virtual mailbox table

--4BD1B3F2C1.1732442400/mail.summitridge.example
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

From: Ada Lovelace <ada@gmail.example>
To: info@summitridge.example
Subject: Summer analyst question
Message-ID: <ro-pf01@reachout.example>

--4BD1B3F2C1.1732442400/mail.summitridge.example--
`,
  },
  {
    name: "Postfix: delayed mail, still being retried (4.4.1)",
    expected: { kind: "delay", status: "4.4.1", recipient: "ops@ironclad.example" },
    raw: `From: MAILER-DAEMON@relay.ironclad.example (Mail Delivery System)
Subject: Delayed Mail (still being retried)
To: ada@gmail.example
Content-Type: multipart/report; report-type=delivery-status; boundary="PFX2"

--PFX2
Content-Type: text/plain; charset=us-ascii

This is the mail system at host relay.ironclad.example.

####################################################################
# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #
####################################################################

--PFX2
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.ironclad.example

Final-Recipient: rfc822; ops@ironclad.example
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to mx.ironclad.example[203.0.113.9]:25: Connection timed out
Will-Retry-Until: Tue, 1 Dec 2026 10:00:00 +0000 (UTC)

--PFX2--
`,
  },
  {
    name: "qmail: plain-text permanent failure",
    expected: { kind: "bounce", status: "5.1.1", recipient: "hr@pinecrest.example" },
    raw: `Return-Path: <>
From: MAILER-DAEMON@mx1.pinecrest.example
To: ada@gmail.example
Subject: failure notice
Content-Type: text/plain

Hi. This is the qmail-send program at mx1.pinecrest.example.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<hr@pinecrest.example>:
198.51.100.22 does not like recipient.
Remote host said: 550 5.1.1 <hr@pinecrest.example>... User unknown
Giving up on 198.51.100.22.

--- Below this line is a copy of the message.

Return-Path: <ada@gmail.example>
From: Ada Lovelace <ada@gmail.example>
To: hr@pinecrest.example
Subject: Software engineering internship
Message-ID: <ro-qm01@reachout.example>
`,
  },
  {
    name: "Exim: mail delivery failed, returning message to sender",
    expected: { kind: "bounce", status: "5.0.0", recipient: "careers@codeyard.example" },
    raw: `Return-path: <>
From: Mail Delivery System <Mailer-Daemon@smtp.codeyard.example>
To: ada@gmail.example
Subject: Mail delivery failed: returning message to sender
Auto-Submitted: auto-replied
Content-Type: text/plain

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  careers@codeyard.example
    host mx.codeyard.example [192.0.2.55]
    SMTP error from remote mail server after RCPT TO:<careers@codeyard.example>:
    550 No such user here

------ This is a copy of the message, including all the headers. ------

From: Ada Lovelace <ada@gmail.example>
To: careers@codeyard.example
Subject: Internship question
`,
  },
  {
    name: "Yahoo: failure notice, mailbox full (5.2.2)",
    expected: { kind: "bounce", status: "5.2.2", recipient: "sam.ortiz@yahoo.example" },
    raw: `From: MAILER-DAEMON@yahoo.example
To: ada@gmail.example
Subject: Failure Notice
Content-Type: text/plain; charset=us-ascii

Sorry, we were unable to deliver your message to the following address.

<sam.ortiz@yahoo.example>:
552: 5.2.2 Mailbox full

--- Below this line is a copy of the message.

Subject: Coffee chat?
`,
  },
];

export const AUTO_REPLY_SAMPLES: InboundSample[] = [
  {
    name: "Gmail vacation responder (Auto-Submitted: auto-replied)",
    expected: { kind: "auto_reply", returnsOn: "2026-12-07" },
    raw: `From: Jane Doe <jane.doe@northbridge.example>
To: ada@gmail.example
Subject: Out of office
Auto-Submitted: auto-replied
In-Reply-To: <ro-1f2e3d4c@reachout.example>
Content-Type: multipart/alternative; boundary="gv1"

--gv1
Content-Type: text/plain; charset="UTF-8"

Hi, thanks for your email. I'm out of the office and will be back on Monday, December 7.
For urgent matters please contact recruiting@northbridge.example.

--gv1
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">Hi, thanks for your email. I'm out of the office and will be back on Monday, December 7.</div>

--gv1--
`,
  },
  {
    name: "Outlook automatic reply (auto-generated, US date)",
    expected: { kind: "auto_reply", returnsOn: "2026-12-07" },
    raw: `From: Michael Chen <m.chen@contoso.example>
To: Ada Lovelace <ada@gmail.example>
Subject: Automatic reply: Investment banking internship question
Thread-Topic: Investment banking internship question
Auto-Submitted: auto-generated
X-Auto-Response-Suppress: All
X-MS-Exchange-Inbox-Rules-Loop: m.chen@contoso.example
Content-Type: text/plain; charset="us-ascii"

I am out of the office until 12/07/2026 with limited access to email. For anything urgent, please reach out to my colleague at analysts@contoso.example.
`,
  },
  {
    name: "Exchange (German): Automatische Antwort, bis zum 07.12.2026",
    expected: { kind: "auto_reply", returnsOn: "2026-12-07" },
    raw: `From: Katrin Weber <k.weber@harborview.example>
To: ada@gmail.example
Subject: Automatische Antwort: Frage zum Praktikum
Auto-Submitted: auto-generated
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

Vielen Dank f=C3=BCr Ihre Nachricht. Ich bin bis zum 07.12.2026 nicht im B=C3=BCro und habe keinen Zugriff auf meine E-Mails.
`,
  },
  {
    name: "French out-of-office recognised by its subject only",
    expected: { kind: "auto_reply", returnsOn: "2026-12-07" },
    raw: `From: Claire Martin <c.martin@meridian.example>
To: ada@gmail.example
Subject: =?UTF-8?Q?R=C3=A9ponse_automatique_:_Demande_de_stage?=
Content-Type: text/plain; charset="utf-8"

Bonjour, je suis absente du bureau et serai de retour le 7 décembre. Merci.
`,
  },
  {
    name: "Spanish: Respuesta automática, hasta el 7 de diciembre de 2026",
    expected: { kind: "auto_reply", returnsOn: "2026-12-07" },
    raw: `From: Lucia Garcia <l.garcia@bluewater.example>
To: ada@gmail.example
Subject: =?UTF-8?B?UmVzcHVlc3RhIGF1dG9tw6F0aWNhOiBQcsOhY3RpY2Fz?=
Auto-Submitted: auto-replied
Content-Type: text/plain; charset="utf-8"

Estoy fuera de la oficina hasta el 7 de diciembre de 2026 sin acceso al correo.
`,
  },
  {
    name: "Italian: Risposta automatica, fino al 7 dicembre",
    expected: { kind: "auto_reply", returnsOn: "2026-12-07" },
    raw: `From: Marco Rossi <m.rossi@granitepeak.example>
To: ada@gmail.example
Subject: Risposta automatica: Domanda su stage
Content-Type: text/plain; charset="utf-8"

Sarò fuori ufficio fino al 7 dicembre 2026.
`,
  },
  {
    name: "Dutch: Automatisch antwoord, afwezig tot en met 6 december (back the day after)",
    expected: { kind: "auto_reply", returnsOn: "2026-12-07" },
    raw: `From: Pieter de Vries <p.devries@lattice.example>
To: ada@gmail.example
Subject: Automatisch antwoord: Stagevraag
X-Autoreply: yes
Content-Type: text/plain; charset="utf-8"

Ik ben afwezig tot en met 6 december en lees mijn e-mail niet.
`,
  },
  {
    name: "Help desk autoresponder (X-Autoreply, no return date)",
    expected: { kind: "auto_reply", returnsOn: null },
    raw: `From: Brightline Careers <careers@brightline.example>
To: ada@gmail.example
Subject: [Request received] Consulting internship question
X-Autoreply: yes
Precedence: bulk
Content-Type: text/plain; charset="utf-8"

Thank you for contacting Brightline Careers. We have received your request (#48213) and a member of our team will get back to you within 5 business days.
`,
  },
  {
    name: "Autoresponder with Precedence: auto_reply (vacation(1) style)",
    expected: { kind: "auto_reply", returnsOn: "2026-11-30" },
    raw: `From: Tom Baker <tom@keystone.example>
To: ada@gmail.example
Subject: Re: Coffee chat?
Precedence: auto_reply
Content-Type: text/plain

I'm travelling with limited email access until Nov 30th.
`,
  },
  {
    name: "Older Exchange 'Out of Office:' subject, no RFC 3834 header",
    expected: { kind: "auto_reply", returnsOn: "2026-12-01" },
    raw: `From: Raj Patel <r.patel@atlasops.example>
To: ada@gmail.example
Subject: Out of Office: Consulting internship question
X-Auto-Response-Suppress: All
Content-Type: text/plain

Thank you for your message. I will return on December 1st, 2026.
`,
  },
];

export const REPLY_SAMPLES: InboundSample[] = [
  {
    name: "A person who mentions being out of office next week",
    expected: { kind: "reply" },
    raw: `From: Jane Doe <jane.doe@northbridge.example>
To: ada@gmail.example
Subject: Re: Investment banking internship question
Content-Type: text/plain

Thanks for reaching out! I'm out of office next week but happy to chat after, does Tuesday work?
`,
  },
  {
    name: "A person's reply marked Auto-Submitted: no",
    expected: { kind: "reply" },
    raw: `From: Jane Doe <jane.doe@northbridge.example>
To: ada@gmail.example
Subject: Re: Investment banking internship question
Auto-Submitted: no
Content-Type: text/plain

Sure, send me your resume.
`,
  },
  {
    name: "A person whose subject says undeliverable (not a mailer daemon)",
    expected: { kind: "reply" },
    raw: `From: Jane Doe <jane.doe@northbridge.example>
To: ada@gmail.example
Subject: Re: Undeliverable packages at our warehouse
Content-Type: text/plain

Interesting question. The permanent error you mention does not exist in our systems anymore.
`,
  },
  {
    name: "Not interested (a decline, not an opt-out)",
    expected: { kind: "reply" },
    raw: `From: Jane Doe <jane.doe@northbridge.example>
To: ada@gmail.example
Subject: Re: Investment banking internship question
Content-Type: text/plain

Thanks, but I'm not interested right now. Feel free to reach out next year.
`,
  },
];

export const OPT_OUT_SAMPLES: Array<{ text: string; phrase: string | null }> = [
  { text: "Please remove me from your list.", phrase: "Please remove me from your list." },
  { text: "Unsubscribe", phrase: "Unsubscribe" },
  { text: "Stop emailing me.", phrase: "Stop emailing me." },
  {
    text: "Not interested, don't contact me again.",
    phrase: "Not interested, don't contact me again.",
  },
  {
    text: "Hi Ada,\nPlease take me off your mailing list, thanks.\nJane",
    phrase: "Please take me off your mailing list, thanks.",
  },
  {
    text: "I\u2019d like to opt out of these emails.",
    phrase: "I\u2019d like to opt out of these emails.",
  },
  { text: "Please don't email me.", phrase: "Please don't email me." },
  {
    text: "Bitte entfernen Sie mich aus Ihrem Verteiler.",
    phrase: "Bitte entfernen Sie mich aus Ihrem Verteiler.",
  },
  { text: "Thanks, but I'm not interested in this role.", phrase: null },
  { text: "Don't remove me from your list, I'd like to hear more!", phrase: null },
  {
    text: "Please don't email me until after the holidays, then I'd love to chat.",
    phrase: null,
  },
  { text: "Happy to help! No need to unsubscribe me, ha.", phrase: null },
  { text: "Not right now, but feel free to reach out in the spring.", phrase: null },
];

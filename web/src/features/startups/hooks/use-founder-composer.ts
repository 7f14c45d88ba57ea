import type { EmailFormat } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import type { Startup, StartupFounder } from "@reachout/contract/startups";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { compactToast } from "../../../lib/toast";
import {
  FOUNDER_STATUSES_KEY,
  generateStartupEmail,
  lookupFounderEmail,
  scheduleStartupEmail,
  sendStartupEmail,
} from "../api/startups";
import { readCustomIntro, writeCustomIntro } from "../lib/custom-intro";
import { founderTitle, resolveFounderEmail } from "../lib/founder";
import { failureMessage } from "../lib/messages";
import { browserTimeZone } from "../lib/schedule";

export interface ComposerTarget {
  startup: Startup;
  founder: StartupFounder;
}

/** The facts the spec's client sends (§7) with every startup email call. */
function factsOf({ startup, founder }: ComposerTarget, userId: string) {
  return {
    org_name: startup.org_name,
    founder_name: founder.person_name,
    founder_title: founderTitle(founder),
    org_url: startup.org_url,
    funding_type: startup.funding_type,
    money_raised: startup.money_raised,
    announced_date: startup.announced_date,
    location: startup.location,
    user_id: userId,
  };
}

/**
 * The composer's state (docs/product.md §4): opening clears the draft, loads the custom intro and
 * writes a first email; Precision rewrites it with the intro; send and schedule close it.
 */
export function useFounderComposer(
  target: ComposerTarget | null,
  userId: string,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const [intro, setIntro] = useState("");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [generating, setGenerating] = useState<EmailFormat | null>(null);
  // The format of the text in the fields, sent with it so insights count it (null: none yet).
  const [format, setFormat] = useState<EmailFormat | null>(null);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const [busy, setBusy] = useState<"send" | "schedule" | "lookup" | null>(null);
  // Answers of an earlier opening (or format) arriving late are ignored.
  const generation = useRef(0);
  const introRef = useRef(intro);
  introRef.current = intro;

  const generate = useCallback(
    async (format: EmailFormat) => {
      if (!target) return;
      const id = ++generation.current;
      setGenerating(format);
      setInlineError(null);
      try {
        const written = await generateStartupEmail({
          ...factsOf(target, userId),
          email_format: format,
          ...(format === "precision" ? { custom_intro: introRef.current.trim() || null } : {}),
        });
        if (id !== generation.current) return;
        setSubject(written.subject);
        setBody(written.body);
        setFormat(format);
        if (format === "precision") compactToast.success(MESSAGES.startups.precisionGenerated);
      } catch (error) {
        if (id !== generation.current) return;
        if (format === "precision") {
          compactToast.error(failureMessage(error, MESSAGES.startups.precisionFailed));
        } else {
          setInlineError(failureMessage(error, MESSAGES.startups.generateFailed));
        }
      } finally {
        if (id === generation.current) setGenerating(null);
      }
    },
    [target, userId],
  );

  const founderId = target?.founder.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening (founder).
  useEffect(() => {
    if (!founderId) {
      generation.current++;
      return;
    }
    setSubject("");
    setBody("");
    setFormat(null);
    setRecipient(null);
    setInlineError(null);
    setIntro(readCustomIntro());
    void generate("original");
  }, [founderId]);

  const changeIntro = (value: string) => {
    setIntro(value);
    writeCustomIntro(value);
  };

  /** The founder's address (lookup by LinkedIn); null after telling the user there is none. */
  const resolveRecipient = async (): Promise<string | null> => {
    if (!target) return null;
    if (recipient) return recipient;
    const found = await resolveFounderEmail(target.founder, async (linkedinUrl) => {
      try {
        return (await lookupFounderEmail({ linkedin_url: linkedinUrl, user_id: userId })).email;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    });
    if (!found) compactToast.error(MESSAGES.startups.noValidEmail);
    setRecipient(found);
    return found;
  };

  const hasDraft = subject.trim().length > 0 && body.trim().length > 0;

  const send = async () => {
    if (!target || !hasDraft || busy) return;
    setBusy("send");
    try {
      const to = await resolveRecipient();
      if (!to) return;
      await sendStartupEmail({
        ...factsOf(target, userId),
        founder_email: to,
        subject,
        body,
        email_format: format,
      });
      compactToast.success(MESSAGES.startups.sent);
      void queryClient.invalidateQueries({ queryKey: FOUNDER_STATUSES_KEY });
      onDone();
    } catch (error) {
      compactToast.error(failureMessage(error, MESSAGES.startups.sendFailed));
    } finally {
      setBusy(null);
    }
  };

  /** Resolves the address for the Schedule dialog's preview; false when there is none. */
  const prepareSchedule = async (): Promise<boolean> => {
    if (!target || !hasDraft || busy) return false;
    setBusy("lookup");
    try {
      return Boolean(await resolveRecipient());
    } catch (error) {
      compactToast.error(failureMessage(error, MESSAGES.startups.scheduleFailed));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const schedule = async (at: Date) => {
    if (!target || !recipient || busy) return;
    setBusy("schedule");
    try {
      await scheduleStartupEmail({
        ...factsOf(target, userId),
        recipient_email: recipient,
        subject,
        body,
        scheduled_at: at.toISOString(),
        time_zone: browserTimeZone(),
        email_format: format,
      });
      compactToast.success(MESSAGES.startups.scheduled);
      void queryClient.invalidateQueries({ queryKey: FOUNDER_STATUSES_KEY });
      onDone();
    } catch (error) {
      compactToast.error(failureMessage(error, MESSAGES.startups.scheduleFailed));
    } finally {
      setBusy(null);
    }
  };

  return {
    intro,
    changeIntro,
    subject,
    setSubject,
    body,
    setBody,
    generating,
    inlineError,
    recipient,
    busy,
    hasDraft,
    generatePrecision: () => generate("precision"),
    send,
    prepareSchedule,
    schedule,
  };
}

import { useId } from "react";
import { Button } from "../../../../components/ui/button";
import { Input, Label } from "../../../../components/ui/input";
import type { ComposeState, WriterQuestion } from "./compose-state";

export interface WriterQuestionFormProps {
  asking: WriterQuestion;
  answer: ComposeState["answer"];
  onAnswerChange: (answer: ComposeState["answer"]) => void;
  onSubmit: () => void;
  busy: boolean;
}

/** The writer's one-line question (the role of a referral, the occasion of a thank-you). */
export function WriterQuestionForm({
  asking,
  answer,
  onAnswerChange,
  onSubmit,
  busy,
}: WriterQuestionFormProps) {
  const textId = useId();
  const topicId = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-md border border-amber-200 bg-amber-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="min-w-48 flex-1">
        <Label htmlFor={textId}>{asking.question}</Label>
        <Input
          id={textId}
          value={answer.text}
          maxLength={200}
          placeholder={asking.format === "career_fair" ? "The fair" : undefined}
          onChange={(event) => onAnswerChange({ ...answer, text: event.target.value })}
        />
      </div>
      {asking.format === "career_fair" ? (
        <div className="min-w-48 flex-1">
          <Label htmlFor={topicId}>What you talked about</Label>
          <Input
            id={topicId}
            value={answer.topic}
            maxLength={200}
            onChange={(event) => onAnswerChange({ ...answer, topic: event.target.value })}
          />
        </div>
      ) : null}
      <Button type="submit" variant="secondary" disabled={!answer.text.trim() || busy}>
        Write it
      </Button>
    </form>
  );
}

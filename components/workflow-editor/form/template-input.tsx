"use client";

import { clsx } from "clsx";
import { type ReactNode, useMemo, useRef } from "react";
import { inputClass } from "@/components/ui/field";
import { parseTemplate } from "@/lib/workflow/template";
import { referenceProblems } from "../upstream";
import { VariablePicker } from "./variable-picker";
import { useVariables } from "./variables-context";

interface TemplateInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  multiline: boolean;
  invalid?: boolean;
  placeholder?: string;
  /** The field's accessible name where no `<label>` names it (a map row's value): `label`. */
  labelledByItself?: boolean;
}

/**
 * A template field (spec §3): a text input or text area with a variable picker, in which references the
 * node cannot use are underlined as you type and listed below with the reason.
 */
export function TemplateInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  multiline,
  invalid,
  placeholder,
  labelledByItself,
}: TemplateInputProps) {
  const { groups, allNodeIds } = useVariables();
  const field = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const problems = useMemo(() => referenceProblems(value, groups, allNodeIds), [value, groups, allNodeIds]);
  const severityOf = useMemo(() => new Map(problems.map((problem) => [problem.reference.raw, problem.severity])), [problems]);
  const hasErrors = problems.some((problem) => problem.severity === "error");

  const insert = (reference: string) => {
    const element = field.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + reference + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      element?.focus();
      const caret = start + reference.length;
      element?.setSelectionRange(caret, caret);
    });
  };

  const highlighted: ReactNode[] = [];
  if (severityOf.size > 0) {
    parseTemplate(value).forEach((segment, index) => {
      if (segment.kind === "text") highlighted.push(segment.text);
      else {
        const severity = severityOf.get(segment.reference.raw);
        highlighted.push(
          <span
            key={index}
            className={clsx(
              severity && "underline decoration-wavy decoration-2",
              severity === "error" && "decoration-red-500",
              severity === "warning" && "decoration-amber-500",
            )}
          >
            {segment.reference.raw}
          </span>,
        );
      }
    });
  }

  const syncScroll = () => {
    if (mirror.current && field.current) {
      mirror.current.scrollTop = field.current.scrollTop;
      mirror.current.scrollLeft = field.current.scrollLeft;
    }
  };

  const shared = {
    id,
    value,
    placeholder,
    spellCheck: false,
    "aria-invalid": invalid || hasErrors || undefined,
    "aria-describedby": problems.length > 0 ? `${id}-references` : undefined,
    "aria-label": labelledByItself ? label : undefined,
    onBlur,
    onScroll: syncScroll,
    className: clsx(inputClass, "font-mono text-[13px] leading-5", multiline ? "min-h-24 resize-y pr-24" : "pr-10"),
  };

  return (
    <div>
      <div className="relative">
        {multiline ? (
          <textarea
            {...shared}
            ref={(element) => {
              field.current = element;
            }}
            rows={4}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            {...shared}
            ref={(element) => {
              field.current = element;
            }}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        {severityOf.size > 0 ? (
          <div
            ref={mirror}
            aria-hidden="true"
            className={clsx(
              "pointer-events-none absolute inset-0 overflow-hidden border border-transparent py-2 pl-3 font-mono text-[13px] leading-5 text-transparent",
              multiline ? "pr-24" : "pr-10",
              multiline ? "break-words whitespace-pre-wrap" : "whitespace-pre",
            )}
          >
            {highlighted}
          </div>
        ) : null}
        <div className={clsx("absolute right-1.5", multiline ? "top-1.5" : "top-1/2 -translate-y-1/2")}>
          <VariablePicker onPick={insert} onDismiss={() => field.current?.focus()} fieldLabel={label} compact={!multiline} />
        </div>
      </div>
      {problems.length > 0 ? (
        <ul id={`${id}-references`} className="mt-1 space-y-0.5 text-xs" data-testid="reference-problems">
          {problems.map((problem, index) => (
            <li
              key={index}
              data-severity={problem.severity}
              className={problem.severity === "error" ? "text-red-600 dark:text-red-400" : "text-amber-700 dark:text-amber-400"}
            >
              <code className="font-mono">{problem.reference.raw}</code>: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

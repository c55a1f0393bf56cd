"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, useTransition } from "react";
import { useForm, type FieldValues, type Path, type UseFormSetError } from "react-hook-form";
import { registerAction, signInAction } from "@/app/(auth)/actions";
import { registerSchema, signInSchema, type RegisterInput, type SignInInput } from "@/app/(auth)/schemas";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ActionResult } from "@/lib/errors";

function applyServerErrors<T extends FieldValues>(result: ActionResult, setError: UseFormSetError<T>, setFormError: (m: string) => void) {
  if (result.ok) return;
  const fields = result.error.fields ?? {};
  for (const [name, message] of Object.entries(fields)) setError(name as Path<T>, { message });
  if (Object.keys(fields).length === 0) setFormError(result.error.message);
}

export function SignInForm({ callbackUrl, registered }: { callbackUrl?: string; registered?: boolean }) {
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, setError, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "", callbackUrl },
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      setFormError("");
      const result = await signInAction(values);
      applyServerErrors(result, setError, setFormError);
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      <h1 className="text-lg font-semibold">Sign in to Switchyard</h1>
      {registered ? <p className="text-sm text-green-700 dark:text-green-400">Account created. Sign in to continue.</p> : null}
      <Field id="email" label="Email" error={formState.errors.email?.message}>
        <Input id="email" type="email" autoComplete="email" invalid={Boolean(formState.errors.email)} {...register("email")} />
      </Field>
      <Field id="password" label="Password" error={formState.errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(formState.errors.password)}
          {...register("password")}
        />
      </Field>
      {formError ? (
        <p role="alert" className="text-sm text-red-600">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
        New here?{" "}
        <Link href="/register" className="font-medium text-brand-600 hover:underline dark:text-brand-500">
          Create an account
        </Link>
      </p>
    </form>
  );
}

export function RegisterForm({ firstUser }: { firstUser: boolean }) {
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, setError, formState } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: "", email: "", password: "" },
  });
  const onSubmit = handleSubmit((values) =>
    startTransition(async () => {
      setFormError("");
      const result = await registerAction(values);
      applyServerErrors(result, setError, setFormError);
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create account">
      <h1 className="text-lg font-semibold">Create your account</h1>
      {firstUser ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          You are the first person here, so you will be the workspace administrator.
        </p>
      ) : null}
      <Field id="name" label="Name" error={formState.errors.name?.message}>
        <Input id="name" autoComplete="name" invalid={Boolean(formState.errors.name)} {...register("name")} />
      </Field>
      <Field id="email" label="Email" error={formState.errors.email?.message}>
        <Input id="email" type="email" autoComplete="email" invalid={Boolean(formState.errors.email)} {...register("email")} />
      </Field>
      <Field id="password" label="Password" help="At least 8 characters." error={formState.errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          invalid={Boolean(formState.errors.password)}
          {...register("password")}
        />
      </Field>
      {formError ? (
        <p role="alert" className="text-sm text-red-600">
          {formError}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
        Already have an account?{" "}
        <Link href="/sign-in" className="font-medium text-brand-600 hover:underline dark:text-brand-500">
          Sign in
        </Link>
      </p>
    </form>
  );
}

import { NotFoundMessage } from "@/components/shell/not-found-message";

/** `notFound()` in a page of the app: the message inside the shell's `<main>`. */
export default function NotFound() {
  return <NotFoundMessage />;
}

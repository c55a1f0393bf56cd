import { NotFoundMessage } from "@/components/shell/not-found-message";

/** An address no route serves, outside the app shell. */
export default function NotFound() {
  return <NotFoundMessage as="main" />;
}

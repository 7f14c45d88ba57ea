import { CircleUserRound } from "lucide-react";
import { Link } from "react-router";
import { useSession } from "../lib/use-session";

export function Avatar() {
  const { user, isLoggedIn } = useSession();
  if (!isLoggedIn) return null;
  return (
    <Link
      to="/account"
      aria-label="Account"
      className="block size-9 overflow-hidden rounded-full ring-2 ring-white"
    >
      {user?.profilePicture ? (
        <img
          src={user.profilePicture}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
        />
      ) : (
        <CircleUserRound className="size-full text-slate-500" aria-hidden />
      )}
    </Link>
  );
}

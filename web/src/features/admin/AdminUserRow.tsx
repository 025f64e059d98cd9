import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldMinus from 'lucide-react/icons/shield-minus';
import ShieldPlus from 'lucide-react/icons/shield-plus';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import type { AdminUserRow_user$data, AdminUserRow_user$key } from './__generated__/AdminUserRow_user.graphql';
import { counted } from './counted';
import { ResetLinkDialog } from './ResetLinkDialog';
import { useCreatePasswordResetLink } from './useCreatePasswordResetLink';
import { useDeleteUser } from './useDeleteUser';
import { useUpdateUserRole } from './useUpdateUserRole';
import { formatDate } from '../../ui/dates';

type Props = {
  user: AdminUserRow_user$key;
  /** The administrator's own row: an administrator cannot act on their own row (the server refuses it too). */
  own: boolean;
  layout: 'row' | 'card';
  onDeleted: () => void;
};

/**
 * One user of the admin table, as a table row (desktop) or a card (phone), with Promote/Demote (confirmed), a password
 * reset link to hand to them, and Delete (confirmed).
 */
export function AdminUserRow({ user: key, own, layout, onDeleted }: Props) {
  const user = useFragment(
    graphql`
      fragment AdminUserRow_user on AdminUser {
        id
        name
        username
        displayName
        avatarUrl
        email
        role
        createdAt
        subscriptionCount
        shareCount
        commentCount
      }
    `,
    key,
  );
  const joined = <time dateTime={user.createdAt}>{formatDate(new Date(user.createdAt), 'day')}</time>;
  const actions = own ? <span className="text-sm text-muted">You</span> : <UserActions user={user} layout={layout} onDeleted={onDeleted} />;
  if (layout === 'row') {
    return (
      <tr aria-label={user.name}>
        <td className="max-w-72 px-4 py-3">
          <Identity user={user} />
          <p className="mt-1 truncate pl-12 text-sm text-muted">{user.email}</p>
          <p className="pl-12 text-sm text-muted">Joined {joined}</p>
        </td>
        <td className="px-4 py-3">
          <RoleBadge role={user.role} />
        </td>
        <td className="px-3 py-3 text-right tabular-nums text-muted">{user.subscriptionCount}</td>
        <td className="px-3 py-3 text-right tabular-nums text-muted">{user.shareCount}</td>
        <td className="px-3 py-3 text-right tabular-nums text-muted">{user.commentCount}</td>
        <td className="px-4 py-3">
          {/* Two lines, Promote/Demote and Delete over the reset link, so the table fits a laptop's width. */}
          <div className={own ? 'flex justify-end' : 'grid grid-cols-[auto_auto] justify-end gap-1'}>{actions}</div>
        </td>
      </tr>
    );
  }
  return (
    <li aria-label={user.name} className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <Identity user={user} />
        <RoleBadge role={user.role} />
      </div>
      <p className="mt-3 truncate text-sm text-muted">{user.email}</p>
      <p className="mt-1 text-sm text-muted">
        {counted(user.subscriptionCount, 'feed')} · {counted(user.shareCount, 'share')} · {counted(user.commentCount, 'comment')} · Joined{' '}
        {joined}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

function Identity({ user }: { user: AdminUserRow_user$data }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      {user.avatarUrl ? (
        <img src={user.avatarUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft font-semibold uppercase text-accent-strong"
        >
          {user.name.trim().charAt(0) || '?'}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate font-medium text-ink">{user.name}</p>
        {user.displayName && <p className="truncate text-sm text-muted">@{user.username}</p>}
      </div>
    </div>
  );
}

function RoleBadge({ role }: { role: string }) {
  const admin = role === 'admin';
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        admin ? 'bg-accent-soft text-accent-strong' : 'bg-sunken text-muted',
      )}
    >
      {admin && <ShieldCheck aria-hidden="true" className="size-3.5" />}
      {admin ? 'Admin' : 'User'}
    </span>
  );
}

function UserActions({ user, layout, onDeleted }: { user: AdminUserRow_user$data; layout: Props['layout']; onDeleted: () => void }) {
  const [changeRole, changing] = useUpdateUserRole();
  const [createResetLink, creatingLink] = useCreatePasswordResetLink();
  const [remove, deleting] = useDeleteUser(onDeleted);
  const [confirmingRole, setConfirmingRole] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The reset link while its dialog is open; closing forgets it, so it is shown once.
  const [resetLink, setResetLink] = useState<string | null>(null);
  const admin = user.role === 'admin';
  const RoleIcon = admin ? ShieldMinus : ShieldPlus;
  return (
    <>
      <button
        type="button"
        disabled={changing}
        onClick={() => setConfirmingRole(true)}
        aria-label={`${admin ? 'Demote' : 'Promote'} ${user.name}`}
        className={buttonClass('secondary', 'sm')}
      >
        <RoleIcon aria-hidden="true" className="size-4" />
        {admin ? 'Demote' : 'Promote'}
      </button>
      <button
        type="button"
        disabled={deleting}
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${user.name}`}
        className={buttonClass('ghost', 'sm', 'text-danger hover:text-danger')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </button>
      <button
        type="button"
        disabled={creatingLink}
        onClick={() => createResetLink(user.id, setResetLink)}
        aria-label={`Reset password link for ${user.name}`}
        className={buttonClass('secondary', 'sm', cx('whitespace-nowrap', layout === 'row' && 'col-span-2'))}
      >
        <KeyRound aria-hidden="true" className="size-4 shrink-0" />
        Reset password link
      </button>
      <ConfirmDialog
        open={confirmingRole}
        onOpenChange={setConfirmingRole}
        title={admin ? 'Demote user' : 'Promote user'}
        message={admin ? `Remove ${user.username}’s administrator role?` : `Make ${user.username} an administrator?`}
        confirmLabel={admin ? 'Demote' : 'Promote'}
        onConfirm={() => changeRole(user.id, admin ? 'user' : 'admin')}
      />
      <ResetLinkDialog link={resetLink} username={user.username} onClose={() => setResetLink(null)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete user"
        message={`Are you sure you want to delete user "${user.name}"? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => remove(user.id, user.name)}
      />
    </>
  );
}

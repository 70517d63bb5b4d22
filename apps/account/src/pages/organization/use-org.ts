// Server state of the Organization page (issue 32): my orgs, the chosen org, its log, and the
// changes, each refreshing what it touched.
import { Message } from '@arco-design/web-react';
import type { OrgInviteRequest, OrgMemberUpdateRequest } from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createOrgToken, orgsApi } from './organization.api';

/** Shared with the shell's org switcher, which lists the same orgs. */
export const MY_ORGS_KEY = ['orgs', 'self'] as const;
const orgKey = (id: number) => ['orgs', 'detail', id] as const;
const logKey = (id: number) => ['orgs', 'log', id] as const;

export const useMyOrgs = () => useQuery({ queryKey: MY_ORGS_KEY, queryFn: () => orgsApi.self() });

export const useOrg = (id: number) =>
  useQuery({
    queryKey: orgKey(id),
    queryFn: () => orgsApi.get({ params: { id } }),
    enabled: id > 0,
  });

export const usePendingInvitations = (id: number) =>
  useQuery({
    queryKey: ['orgs', 'invitations', id],
    queryFn: () => orgsApi.invitations({ params: { id } }),
    enabled: id > 0,
  });

export const useOrgLog = (id: number) =>
  useQuery({
    queryKey: logKey(id),
    queryFn: () => orgsApi.log({ params: { id }, query: { p: 1, page_size: 10 } }),
    enabled: id > 0,
  });

/** A change to org `id`: on success a message and every org query refreshed. */
function useOrgChange<V, R>(run: (vars: V) => Promise<R>, done: string) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      Message.success(t(done));
      void client.invalidateQueries({ queryKey: ['orgs'] });
    },
  });
}

export const useCreateOrg = () =>
  useOrgChange((name: string) => orgsApi.create({ body: { name } }), 'org.created');

export const useFundOrg = (id: number) =>
  useOrgChange((quota: number) => orgsApi.fund({ params: { id }, body: { quota } }), 'org.funded');

export const useInvite = (id: number) =>
  useOrgChange((body: OrgInviteRequest) => orgsApi.invite({ params: { id }, body }), 'org.invited');

export const useRevokeInvitation = (id: number) =>
  useOrgChange(
    (invitationId: number) =>
      orgsApi.revokeInvitation({ params: { id, invitation_id: invitationId } }),
    'org.revoked',
  );

export const useUpdateMember = (id: number) =>
  useOrgChange(
    ({ userId, body }: { userId: number; body: OrgMemberUpdateRequest }) =>
      orgsApi.updateMember({ params: { id, user_id: userId }, body }),
    'org.memberSaved',
  );

export const useRemoveMember = (id: number) =>
  useOrgChange(
    (userId: number) => orgsApi.removeMember({ params: { id, user_id: userId } }),
    'org.memberRemoved',
  );

export const useCreateOrgToken = (id: number) =>
  useOrgChange((name: string) => createOrgToken(id, name), 'org.keyCreated');

export const useAcceptInvitation = () =>
  useOrgChange((code: string) => orgsApi.accept({ body: { code } }), 'org.joined');

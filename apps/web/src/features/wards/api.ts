import { collectionContracts, memberContracts, wardContracts, type Ward } from '@parish/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';
import { WARDS_KEY } from '../../lib/wards.ts';

/** The wards screens' calls (`wardContracts`: `/api/wards`, `/api/reports/wards`; decisions 0126, 0129). */

/** The members queries' root key (features/members): a ward change renames or empties their Ward column. */
const MEMBERS_ROOT_KEY = ['members'] as const;

/** What a ward change does: add a name, rename a ward, or delete one. */
export type WardChange =
  { kind: 'add'; name: string } | { kind: 'rename'; ward: Ward; name: string } | { kind: 'delete'; ward: Ward };

/** Adds, renames or deletes a ward (admin); refreshes the wards and the members afterwards. */
export function useChangeWard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: WardChange): Promise<void> => {
      if (change.kind === 'add') await apiRequest(wardContracts.create, { body: { name: change.name } });
      else if (change.kind === 'rename') {
        await apiRequest(wardContracts.rename, { params: { id: change.ward.id }, body: { name: change.name } });
      } else await apiRequest(wardContracts.remove, { params: { id: change.ward.id } });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WARDS_KEY });
      await queryClient.invalidateQueries({ queryKey: MEMBERS_ROOT_KEY });
    },
  });
}

/**
 * A ward leader's page of members (`GET /api/members`; the server confines it to their ward,
 * decision 0129), by name; the previous page stays while the next loads.
 */
export function useLeaderMembers(params: { page: number; limit: number; search: string }) {
  return useQuery({
    queryKey: [...MEMBERS_ROOT_KEY, 'ward-leader', params],
    queryFn: ({ signal }) =>
      apiRequest(
        memberContracts.list,
        {
          query: {
            page: params.page,
            limit: params.limit,
            search: params.search.trim(),
            sortBy: 'name',
            sortOrder: 'asc',
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** One member's dues and totals (`GET /api/collections/members/:id/payments`), for the ward leader's card. */
export function useLeaderMemberDues(memberId: string) {
  return useQuery({
    queryKey: ['collections', 'member-payments', memberId],
    queryFn: ({ signal }) => apiRequest(collectionContracts.memberPayments, { params: { id: memberId } }, { signal }),
  });
}

/**
 * The member-due list of the ward leader's ward (`GET /api/reports/wards/dues`; the server answers
 * their own ward's, decision 0136): the members who owe, largest total pending first.
 */
export function useLeaderWardDues() {
  return useQuery({
    queryKey: [...WARDS_KEY, 'dues'],
    queryFn: ({ signal }) => apiRequest(wardContracts.dues, {}, { signal }),
  });
}

// The signed-in user's record, shared by the personal settings sections.
import { useQuery } from '@tanstack/react-query';
import { getSelf } from '../user-edit/user-edit.api';

export const SELF_KEY = ['account', 'self'] as const;

export const useSelf = () => useQuery({ queryKey: SELF_KEY, queryFn: getSelf });

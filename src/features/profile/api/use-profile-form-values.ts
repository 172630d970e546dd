import type { MemberInfo, MemberPrivate, MemberSocial } from '@domain/members/member-records';
import { useAsync, type Loadable } from '@/hooks/use-loadable';
import { readValue } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import type { ProfileFormValues } from '@domain/members/profile-form-schema';
import { profileFormDefaults } from './update-profile';

async function readProfileFormValues(uid: string): Promise<ProfileFormValues> {
  const [info, body, social] = await Promise.all([
    readValue<MemberInfo>(dbPaths.userInfo(uid)),
    readValue<MemberPrivate>(dbPaths.userPrivate(uid)),
    readValue<MemberSocial>(dbPaths.userSocial(uid)),
  ]);
  return profileFormDefaults(info, body, social);
}

/** The Edit profile form's starting values: the member's public info, private body data and links, read once. */
export function useProfileFormValues(uid: string): Loadable<ProfileFormValues> {
  return useAsync(uid, () => readProfileFormValues(uid));
}

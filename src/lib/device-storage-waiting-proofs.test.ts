import { clearMemberData, WAITING_PROOFS_DB } from './device-storage';

// Proof photos waiting on the device are the member's own: they go with the rest at sign-out.
afterEach(() => vi.unstubAllGlobals());

it('deletes the database of waiting proof photos whenever the member data is cleared', () => {
  const deleteDatabase = vi.fn();
  vi.stubGlobal('indexedDB', { deleteDatabase });
  clearMemberData();
  expect(deleteDatabase).toHaveBeenCalledWith(WAITING_PROOFS_DB);
  expect(WAITING_PROOFS_DB).toBe('challangex.v1.waiting-proofs');
});

it('clears the rest even where IndexedDB is blocked', () => {
  localStorage.setItem('challangex.v1.session', '{}');
  vi.stubGlobal('indexedDB', {
    deleteDatabase: () => {
      throw new Error('blocked');
    },
  });
  expect(() => clearMemberData()).not.toThrow();
  expect(localStorage.getItem('challangex.v1.session')).toBeNull();
});

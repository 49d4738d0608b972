type Listener = () => void;
const listeners = new Set<Listener>();

/** An API answered 401: whoever shows the login dialog listens (spec §8: open it with page refresh). */
export const unauthorizedEvents = {
  emit: (): void => {
    for (const listener of listeners) listener();
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

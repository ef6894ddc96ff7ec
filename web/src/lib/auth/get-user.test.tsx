import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, sampleUser } from '@/test/render';
import { reloadUser, setUser, useUser } from './get-user';

function Who() {
  const { data, isPending, isError } = useUser();
  if (isPending) return <p>checking</p>;
  if (isError) return <p>failed</p>;
  return <p>{data ? data.name : 'signed out'}</p>;
}

describe('the session user', () => {
  it('is read once for every reader on the page', async () => {
    const fetch = mockFetch(() => json(200, sampleUser));
    render(
      <>
        <Who />
        <Who />
      </>,
    );
    expect(screen.getAllByText('checking')).toHaveLength(2);
    expect(await screen.findAllByText('Amina Otieno')).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is signed out on a 401', async () => {
    mockFetch(() => json(401, {}));
    const { unmount } = render(<Who />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    unmount();
  });

  it('reads again after a failure, when a reader comes back', async () => {
    let answer = json(503, { message: 'Unavailable' });
    const fetch = mockFetch(() => answer);
    const first = render(<Who />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    first.unmount();
    answer = json(200, sampleUser);
    render(<Who />);
    expect(await screen.findByText('Amina Otieno')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps what a sign-out said over an answer to a read started before it', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<Who />);
    act(() => setUser(null));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    answer(json(200, sampleUser));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('shows the new user after a read again (a second factor changed the session)', async () => {
    let name = 'Amina Otieno';
    mockFetch(() => json(200, { ...sampleUser, name }));
    render(<Who />);
    expect(await screen.findByText('Amina Otieno')).toBeInTheDocument();
    name = 'Amina W. Otieno';
    await act(() => reloadUser());
    await waitFor(() => expect(screen.getByText('Amina W. Otieno')).toBeInTheDocument());
  });
});

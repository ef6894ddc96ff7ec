// The alert sound: a short two-tone beep made with WebAudio (no file to load).

let audio: AudioContext | null = null;

/** A short two-tone beep; silently does nothing where audio is unavailable or blocked. */
export function playBeep(): void {
  try {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const ctx = audio;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    gain.connect(ctx.destination);
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(880, start);
    osc.frequency.setValueAtTime(1320, start + 0.12);
    osc.connect(gain);
    osc.start(start);
    osc.stop(start + 0.32);
  } catch {
    // Autoplay policy or no audio device: the highlight and title count still tell the agent.
  }
}

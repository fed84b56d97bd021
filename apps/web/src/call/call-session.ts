import { MAX_AUDIO_BITRATE, VIDEO_CODEC, VIDEO_CONSTRAINTS } from '@sayspell/core/constants';
import type { RtcSignal, RtcSignalFromPartner } from '@sayspell/core/protocol/call';

// one peer-to-peer call between the two players of a game. signals go through the server to the
// partner only. the impolite side (the speaker) makes the offers; the polite side (the speller)
// answers and gives way when an ICE restart makes both offer at once ("perfect negotiation").

export type CallState = 'connecting' | 'connected' | 'reconnecting' | 'ended' | 'failed';

export interface SignalLine {
  send(signal: RtcSignal): void;
  listen(handler: (signal: RtcSignalFromPartner) => void): () => void;
}

export interface CallSessionOptions {
  gameId: string;
  polite: boolean;
  iceServers: RTCIceServer[];
  /** the microphone; null when it could not be had (the call still brings the partner's voice) */
  microphone: MediaStream | null;
  line: SignalLine;
  onChange(): void;
}

// a dropped connection gets this long to come back by itself before an ICE restart
const DISCONNECTED_GRACE_MS = 2500;

export class CallSession {
  state: CallState = 'connecting';
  /** the partner hung up (left the game, closed the page) */
  partnerLeft = false;
  readonly remote = new MediaStream();
  remoteVideo = false;
  muted = false;
  video: MediaStreamTrack | null = null;
  iceRestarts = 0;

  private pc!: RTCPeerConnection;
  private readonly session = crypto.randomUUID();
  private remoteSession: string | undefined;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingAnswer = false;
  private queue: Promise<void> = Promise.resolve();
  private disconnectedTimer: number | undefined;
  private readonly unlisten: () => void;
  /** hung up here: nothing brings this call back */
  private closed = false;

  constructor(private readonly o: CallSessionOptions) {
    this.unlisten = o.line.listen((s) => {
      if (s.gameId !== o.gameId) return;
      // one at a time: a candidate must not overtake the description it belongs to
      this.queue = this.queue.then(() => this.onSignal(s)).catch(() => {});
    });
    this.build();
    // "I am here": an offerer already waiting sends its offer (again) on hearing this
    this.send({ hello: true });
  }

  private send(signal: Omit<RtcSignal, 'gameId' | 'session'>) {
    this.o.line.send({ ...signal, gameId: this.o.gameId, session: this.session } as RtcSignal);
  }

  private build() {
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers });
    this.pc = pc;
    for (const t of this.remote.getTracks()) this.remote.removeTrack(t);
    this.remoteVideo = false;
    if (!this.o.polite) {
      // the offerer lays out the call: one audio and one video line, VP8 first
      pc.addTransceiver(this.o.microphone?.getAudioTracks()[0] ?? 'audio', {
        direction: 'sendrecv',
        streams: this.o.microphone ? [this.o.microphone] : [],
      });
      const video = pc.addTransceiver(this.video ?? 'video', { direction: 'sendrecv' });
      preferVp8(video);
    }
    pc.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      if (track.kind === 'video') {
        track.onunmute = () => this.setRemoteVideo(true);
        track.onmute = () => this.setRemoteVideo(false);
      }
      this.o.onChange();
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate?.candidate) this.send({ candidate: candidate.toJSON() as RtcSignal['candidate'] });
    };
    pc.onnegotiationneeded = async () => {
      if (pc !== this.pc) return;
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        this.sendDescription(pc);
      } catch {
        // a newer negotiation took over
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc) return;
      this.onConnectionState(pc.connectionState);
    };
  }

  private sendDescription(pc: RTCPeerConnection) {
    const d = pc.localDescription;
    if (d) this.send({ description: { type: d.type, sdp: d.sdp } });
  }

  private onConnectionState(s: RTCPeerConnectionState) {
    window.clearTimeout(this.disconnectedTimer);
    if (this.state === 'ended' || this.closed) return;
    if (s === 'connected') {
      this.setState('connected');
      void this.tuneSenders();
    } else if (s === 'disconnected') {
      this.setState('reconnecting');
      this.disconnectedTimer = window.setTimeout(() => this.restartIce(), DISCONNECTED_GRACE_MS);
    } else if (s === 'failed') {
      this.setState('reconnecting');
      this.restartIce();
    }
  }

  private async onSignal(s: RtcSignalFromPartner) {
    if (this.closed) return;
    if (s.bye) {
      if (s.session && s.session !== this.remoteSession && this.remoteSession !== undefined) return;
      this.partnerLeft = true;
      window.clearTimeout(this.disconnectedTimer);
      this.pc.close();
      this.setState('ended');
      return;
    }
    // the partner's page was reloaded (or came back after hanging up): a new connection
    if (s.session && s.session !== this.remoteSession) {
      if (this.remoteSession !== undefined || this.state === 'ended') {
        this.pc.close();
        this.build();
        this.partnerLeft = false;
        this.setState('connecting');
      }
      this.remoteSession = s.session;
    }
    if (s.hello) {
      if (!this.o.polite) this.offerAgain();
      return;
    }
    const pc = this.pc;
    if (s.description) {
      const d = s.description as RTCSessionDescriptionInit;
      const ready = !this.makingOffer && (pc.signalingState === 'stable' || this.settingAnswer);
      const collision = d.type === 'offer' && !ready;
      this.ignoreOffer = !this.o.polite && collision;
      if (this.ignoreOffer) return;
      this.settingAnswer = d.type === 'answer';
      await pc.setRemoteDescription(d);
      this.settingAnswer = false;
      if (d.type === 'offer') {
        this.takeOfferedLines(pc);
        await pc.setLocalDescription();
        this.sendDescription(pc);
      }
    } else if (s.candidate) {
      try {
        await pc.addIceCandidate(s.candidate as RTCIceCandidateInit);
      } catch (err) {
        if (!this.ignoreOffer) throw err;
      }
    }
  }

  /** the answerer sends its microphone (and camera, when on) on the lines the offer made */
  private takeOfferedLines(pc: RTCPeerConnection) {
    for (const t of pc.getTransceivers()) {
      const kind = t.receiver.track.kind;
      if (t.currentDirection === 'stopped') continue;
      t.direction = 'sendrecv';
      if (kind === 'audio' && !t.sender.track && this.o.microphone) {
        const mic = this.o.microphone.getAudioTracks()[0];
        if (mic) void t.sender.replaceTrack(mic);
        t.sender.setStreams?.(this.o.microphone);
      }
      if (kind === 'video') {
        preferVp8(t);
        if (this.video && t.sender.track !== this.video) void t.sender.replaceTrack(this.video);
      }
    }
  }

  private offerAgain() {
    const pc = this.pc;
    if (pc.signalingState === 'have-local-offer') this.sendDescription(pc);
    else if (pc.connectionState !== 'connected') pc.restartIce();
  }

  /** new ICE credentials and candidates on the same call (a changed network, a failed path) */
  restartIce() {
    if (this.state === 'ended' || this.closed) return;
    this.iceRestarts += 1;
    this.pc.restartIce();
    this.o.onChange();
  }

  /** §9: audio at most 16 kbit/s; video 1280x720 at 24 fps */
  private async tuneSenders() {
    for (const sender of this.pc.getSenders()) {
      const kind = sender.track?.kind;
      if (!kind) continue;
      const params = sender.getParameters();
      if (!params.encodings?.length) continue;
      for (const e of params.encodings) {
        if (kind === 'audio') e.maxBitrate = MAX_AUDIO_BITRATE;
        else e.maxFramerate = VIDEO_CONSTRAINTS.frameRate;
      }
      await sender.setParameters(params).catch(() => {});
    }
  }

  setMuted(muted: boolean) {
    this.muted = muted;
    for (const t of this.o.microphone?.getAudioTracks() ?? []) t.enabled = !muted;
    this.o.onChange();
  }

  /** turns the camera on or off; the video line exists from the start, so no renegotiation */
  async setVideo(on: boolean) {
    if (on && !this.video) {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: {
          width: { ideal: VIDEO_CONSTRAINTS.width },
          height: { ideal: VIDEO_CONSTRAINTS.height },
          frameRate: { ideal: VIDEO_CONSTRAINTS.frameRate },
        },
      });
      this.video = stream.getVideoTracks()[0] ?? null;
    } else if (!on && this.video) {
      this.video.stop();
      this.video = null;
    }
    const line = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'video');
    await line?.sender.replaceTrack(this.video);
    void this.tuneSenders();
    this.o.onChange();
  }

  /** ends the call; the partner is told unless the page is going away without a network */
  hangUp() {
    if (this.closed) return;
    this.send({ bye: true });
    this.close();
  }

  close() {
    this.closed = true;
    window.clearTimeout(this.disconnectedTimer);
    this.unlisten();
    this.pc.close();
    this.video?.stop();
    this.video = null;
    this.setState('ended');
  }

  /** for the stats panel and the tests: the connection as the browser sees it */
  get connection(): RTCPeerConnection {
    return this.pc;
  }

  private setRemoteVideo(on: boolean) {
    this.remoteVideo = on;
    this.o.onChange();
  }

  private setState(s: CallState) {
    if (this.state === s) return;
    this.state = s;
    this.o.onChange();
  }
}

function preferVp8(t: RTCRtpTransceiver) {
  const caps = typeof RTCRtpReceiver !== 'undefined' ? RTCRtpReceiver.getCapabilities?.('video') : null;
  if (!caps || !t.setCodecPreferences) return;
  const vp8 = caps.codecs.filter((c) => c.mimeType === VIDEO_CODEC);
  const rest = caps.codecs.filter((c) => c.mimeType !== VIDEO_CODEC);
  try {
    t.setCodecPreferences([...vp8, ...rest]);
  } catch {
    // a browser without VP8 keeps its own order
  }
}

/**
 * The slice of @stoprocent/noble's API the adapter uses, typed structurally so the module can be imported
 * lazily (`await import()`) and checked without `any`.
 */

export interface NobleEmitter {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
}

export interface NobleCharacteristic extends NobleEmitter {
  uuid: string;
  properties: string[];
  subscribeAsync(): Promise<void>;
  unsubscribeAsync(): Promise<void>;
  writeAsync(data: Buffer, withoutResponse: boolean): Promise<void>;
}

export interface NobleService {
  uuid: string;
  characteristics: NobleCharacteristic[] | null;
  discoverCharacteristicsAsync(characteristicUuids?: string[]): Promise<NobleCharacteristic[]>;
}

export interface NobleAdvertisement {
  localName?: string;
  manufacturerData?: Buffer;
  serviceUuids?: string[];
  serviceData?: Array<{ uuid: string; data: Buffer }>;
}

export interface NoblePeripheral extends NobleEmitter {
  id: string;
  address?: string;
  rssi: number;
  connectable?: boolean;
  mtu?: number | null;
  state: string;
  advertisement: NobleAdvertisement;
  connectAsync(): Promise<void>;
  cancelConnect(): void;
  disconnectAsync(): Promise<void>;
  updateRssiAsync(): Promise<number>;
  discoverServicesAsync(serviceUuids?: string[]): Promise<NobleService[]>;
}

export interface Noble extends NobleEmitter {
  state?: string;
  _state?: string;
  startScanningAsync(serviceUuids?: string[], allowDuplicates?: boolean): Promise<void>;
  stopScanningAsync(): Promise<void>;
  stop?(): void;
  /** noble's HCI bindings; with the UART driver `_hci._socket._serialDevice` is its serialport (see the adapter's close). */
  _bindings?: { _hci?: { _socket?: { _serialDevice?: NobleEmitter } | null } | null };
}

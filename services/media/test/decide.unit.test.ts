import { Conflict, NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { mediaFileDecider } from '../src/media-file/decide';
import type { MediaFileEvent } from '../src/media-file/events';
import { uploadDecider } from '../src/upload/decide';
import type { UploadEvent } from '../src/upload/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const id = '0b0f8c8e-5a43-4c55-9d0e-1f2a3b4c5d6e';

const uploaded: UploadEvent = {
  type: 'MediaUploaded',
  data: {
    id,
    key: `media/${id}.png`,
    filename: `${id}.png`,
    originalName: 'crest.png',
    mimeType: 'image/png',
    size: 5000,
    variants: [
      { width: 480, key: `media/${id}-w480.webp`, mimeType: 'image/webp', size: 900 },
      { width: 1600, key: `media/${id}.png`, mimeType: 'image/png', size: 5000 },
    ],
    uploadedBy: 'ops',
    at: at.toISOString(),
  },
};

const givenUpload = DeciderSpecification.for(uploadDecider);

describe('upload decide/evolve', () => {
  it('Given no upload, when one is recorded, then MediaUploaded carries the keys and the label', () => {
    const { at: _a, ...data } = uploaded.data;
    givenUpload([])
      .when({ type: 'RecordUpload', ...data, at })
      .then([uploaded]);
  });

  it('Given a recorded upload, when the same id is recorded again, then it is a 409', () => {
    const { at: _a, ...data } = uploaded.data;
    givenUpload([uploaded])
      .when({ type: 'RecordUpload', ...data, at })
      .thenThrows(Conflict);
  });

  it('Given a stored upload, when it is removed, then MediaUploadRemoved names every distinct key once', () => {
    givenUpload([uploaded])
      .when({ type: 'RemoveUpload', id, at })
      .then([
        {
          type: 'MediaUploadRemoved',
          data: { id, keys: [`media/${id}.png`, `media/${id}-w480.webp`], at: at.toISOString() },
        },
      ]);
  });

  it('Given a removed upload, when it is removed again, then nothing happens', () => {
    const removed: UploadEvent = { type: 'MediaUploadRemoved', data: { id, keys: [], at: at.toISOString() } };
    givenUpload([uploaded, removed]).when({ type: 'RemoveUpload', id, at }).thenNothingHappened();
  });

  it('Given no upload, when it is removed, then it is a 404', () => {
    givenUpload([]).when({ type: 'RemoveUpload', id, at }).thenThrows(NotFound);
  });
});

const added: MediaFileEvent = {
  type: 'MediaFileAdded',
  data: {
    id: 'f1',
    filename: `${id}.png`,
    originalName: 'crest.png',
    mimeType: 'image/png',
    size: 5000,
    url: `/media/${id}.png`,
    altText: 'Club crest',
    uploadId: id,
    uploadedBy: 'ops',
    at: at.toISOString(),
  },
};

const givenMediaFile = DeciderSpecification.for(mediaFileDecider);

describe('media file decide/evolve', () => {
  it('Given no media file, when one is added, then MediaFileAdded is decided', () => {
    const { at: _a, ...data } = added.data;
    givenMediaFile([])
      .when({ type: 'AddMediaFile', ...data, at })
      .then([added]);
  });

  it('Given a media file, when it is deleted, then MediaFileDeleted names the upload it pointed at', () => {
    givenMediaFile([added])
      .when({ type: 'DeleteMediaFile', id: 'f1', at })
      .then([{ type: 'MediaFileDeleted', data: { id: 'f1', uploadId: id, at: at.toISOString() } }]);
  });

  it('Given a deleted media file, when it is deleted again, then it is a 404', () => {
    const deleted: MediaFileEvent = {
      type: 'MediaFileDeleted',
      data: { id: 'f1', uploadId: id, at: at.toISOString() },
    };
    givenMediaFile([added, deleted]).when({ type: 'DeleteMediaFile', id: 'f1', at }).thenThrows(NotFound);
  });

  it('Given a media file, when it is described with a new alt text, then MediaFileDescribed; with the same, nothing', () => {
    const described: MediaFileEvent = {
      type: 'MediaFileDescribed',
      data: { id: 'f1', altText: 'The crest', at: at.toISOString() },
    };
    givenMediaFile([added])
      .when({ type: 'DescribeMediaFile', id: 'f1', altText: 'The crest', at })
      .then([described]);
    givenMediaFile([added, described])
      .when({ type: 'DescribeMediaFile', id: 'f1', altText: 'The crest', at })
      .thenNothingHappened();
    givenMediaFile([added])
      .when({ type: 'DescribeMediaFile', id: 'f1', altText: 'Club crest', at })
      .thenNothingHappened();
  });

  it('Given no media file, when it is described, then it is a 404', () => {
    givenMediaFile([])
      .when({ type: 'DescribeMediaFile', id: 'nope', altText: null, at })
      .thenThrows(NotFound);
  });

  it('Given no media file, when it is deleted, then it is a 404', () => {
    givenMediaFile([]).when({ type: 'DeleteMediaFile', id: 'nope', at }).thenThrows(NotFound);
  });
});

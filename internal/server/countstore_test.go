package server

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// countingStore passes every call on to a real store and counts it by method. It implements
// store.Store itself, method by method, without embedding: a method added to the interface later
// fails to compile here rather than slipping past the count.
type countingStore struct {
	next store.Store

	mu    sync.Mutex
	calls map[string]int
}

var _ store.Store = (*countingStore)(nil)

func newCountingStore(next store.Store) *countingStore {
	return &countingStore{next: next, calls: map[string]int{}}
}

func (c *countingStore) count(method string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[method]++
}

// taken returns the calls since the last reset as "Method×n", sorted, and starts counting anew.
func (c *countingStore) taken() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var list []string
	for m, n := range c.calls {
		list = append(list, fmt.Sprintf("%s×%d", m, n))
	}
	sort.Strings(list)
	c.calls = map[string]int{}
	return list
}

// countingConfig counts the calls of one scale's ConfigStore (ScaleConfig) in its store's count.
type countingConfig struct {
	c    *countingStore
	next store.ConfigStore
}

func (s countingConfig) LatestConfig(ctx context.Context) (store.ConfigVersion, error) {
	s.c.count("ScaleConfig.LatestConfig")
	return s.next.LatestConfig(ctx)
}
func (s countingConfig) ConfigAt(ctx context.Context, v int64) (store.ConfigVersion, error) {
	s.c.count("ScaleConfig.ConfigAt")
	return s.next.ConfigAt(ctx, v)
}
func (s countingConfig) ConfigHistory(ctx context.Context, before int64, limit int) ([]store.ConfigVersion, error) {
	s.c.count("ScaleConfig.ConfigHistory")
	return s.next.ConfigHistory(ctx, before, limit)
}
func (s countingConfig) SaveConfig(ctx context.Context, cfg grading.Config, by string, base int64) (store.ConfigVersion, error) {
	s.c.count("ScaleConfig.SaveConfig")
	return s.next.SaveConfig(ctx, cfg, by, base)
}

func (c *countingStore) Ping(ctx context.Context) error { c.count("Ping"); return c.next.Ping(ctx) }
func (c *countingStore) Close() error                   { c.count("Close"); return c.next.Close() }

func (c *countingStore) ScaleConfig(slug string) store.ConfigStore {
	c.count("ScaleConfig")
	return countingConfig{c: c, next: c.next.ScaleConfig(slug)}
}
func (c *countingStore) DefaultScale(ctx context.Context) (store.Scale, error) {
	c.count("DefaultScale")
	return c.next.DefaultScale(ctx)
}
func (c *countingStore) Scales(ctx context.Context) ([]store.Scale, error) {
	c.count("Scales")
	return c.next.Scales(ctx)
}
func (c *countingStore) ScalesChangedSince(ctx context.Context, revision int64) ([]store.Scale, error) {
	c.count("ScalesChangedSince")
	return c.next.ScalesChangedSince(ctx, revision)
}
func (c *countingStore) CreateScale(ctx context.Context, slug string, cfg grading.Config, by string) (store.ConfigVersion, error) {
	c.count("CreateScale")
	return c.next.CreateScale(ctx, slug, cfg, by)
}
func (c *countingStore) SetDefaultScale(ctx context.Context, slug string) (store.Scale, error) {
	c.count("SetDefaultScale")
	return c.next.SetDefaultScale(ctx, slug)
}
func (c *countingStore) SetScaleArchived(ctx context.Context, slug string, archived bool) (store.Scale, error) {
	c.count("SetScaleArchived")
	return c.next.SetScaleArchived(ctx, slug, archived)
}
func (c *countingStore) WaitScaleChange(ctx context.Context, since int64) error {
	c.count("WaitScaleChange")
	return c.next.WaitScaleChange(ctx, since)
}

func (c *countingStore) CreateUser(ctx context.Context, u store.User) (store.User, error) {
	c.count("CreateUser")
	return c.next.CreateUser(ctx, u)
}
func (c *countingStore) CreateInvitedUser(ctx context.Context, u store.User, t store.Token) (store.User, error) {
	c.count("CreateInvitedUser")
	return c.next.CreateInvitedUser(ctx, u, t)
}
func (c *countingStore) ReissueInvite(ctx context.Context, t store.Token) (store.User, error) {
	c.count("ReissueInvite")
	return c.next.ReissueInvite(ctx, t)
}
func (c *countingStore) UserByID(ctx context.Context, id int64) (store.User, error) {
	c.count("UserByID")
	return c.next.UserByID(ctx, id)
}
func (c *countingStore) UserByEmail(ctx context.Context, email string) (store.User, error) {
	c.count("UserByEmail")
	return c.next.UserByEmail(ctx, email)
}
func (c *countingStore) ListUsers(ctx context.Context) ([]store.User, error) {
	c.count("ListUsers")
	return c.next.ListUsers(ctx)
}
func (c *countingStore) CountAdmins(ctx context.Context) (int, error) {
	c.count("CountAdmins")
	return c.next.CountAdmins(ctx)
}
func (c *countingStore) SetRole(ctx context.Context, id int64, role store.Role) (store.User, error) {
	c.count("SetRole")
	return c.next.SetRole(ctx, id, role)
}
func (c *countingStore) SetEmail(ctx context.Context, id int64, email string) (store.User, error) {
	c.count("SetEmail")
	return c.next.SetEmail(ctx, id, email)
}
func (c *countingStore) DeleteUser(ctx context.Context, id int64) error {
	c.count("DeleteUser")
	return c.next.DeleteUser(ctx, id)
}
func (c *countingStore) SetPassword(ctx context.Context, id int64, hash string) error {
	c.count("SetPassword")
	return c.next.SetPassword(ctx, id, hash)
}
func (c *countingStore) RecordSignIn(ctx context.Context, id int64, at time.Time) error {
	c.count("RecordSignIn")
	return c.next.RecordSignIn(ctx, id, at)
}
func (c *countingStore) CreateToken(ctx context.Context, t store.Token) error {
	c.count("CreateToken")
	return c.next.CreateToken(ctx, t)
}
func (c *countingStore) ValidToken(ctx context.Context, kind store.TokenKind, hash string, now time.Time) (store.Token, error) {
	c.count("ValidToken")
	return c.next.ValidToken(ctx, kind, hash, now)
}
func (c *countingStore) DeleteUsedOrExpiredTokens(ctx context.Context, expiredBefore time.Time) error {
	c.count("DeleteUsedOrExpiredTokens")
	return c.next.DeleteUsedOrExpiredTokens(ctx, expiredBefore)
}
func (c *countingStore) CreateFirstAdmin(ctx context.Context, tokenHash string, u store.User, now time.Time) (store.User, error) {
	c.count("CreateFirstAdmin")
	return c.next.CreateFirstAdmin(ctx, tokenHash, u, now)
}
func (c *countingStore) AcceptInvite(ctx context.Context, tokenHash, hash string, now time.Time) (store.User, error) {
	c.count("AcceptInvite")
	return c.next.AcceptInvite(ctx, tokenHash, hash, now)
}

func (c *countingStore) CreateSession(ctx context.Context, s store.Session) error {
	c.count("CreateSession")
	return c.next.CreateSession(ctx, s)
}
func (c *countingStore) SessionByHash(ctx context.Context, hash string) (store.Session, store.User, error) {
	c.count("SessionByHash")
	return c.next.SessionByHash(ctx, hash)
}
func (c *countingStore) TouchSession(ctx context.Context, hash string, at time.Time) error {
	c.count("TouchSession")
	return c.next.TouchSession(ctx, hash, at)
}
func (c *countingStore) DeleteSession(ctx context.Context, hash string) error {
	c.count("DeleteSession")
	return c.next.DeleteSession(ctx, hash)
}
func (c *countingStore) DeleteOtherSessions(ctx context.Context, userID int64, keepHash string) error {
	c.count("DeleteOtherSessions")
	return c.next.DeleteOtherSessions(ctx, userID, keepHash)
}
func (c *countingStore) DeleteExpiredSessions(ctx context.Context, idleBefore, createdBefore time.Time) error {
	c.count("DeleteExpiredSessions")
	return c.next.DeleteExpiredSessions(ctx, idleBefore, createdBefore)
}
func (c *countingStore) DeleteLoginFailuresBefore(ctx context.Context, before time.Time) error {
	c.count("DeleteLoginFailuresBefore")
	return c.next.DeleteLoginFailuresBefore(ctx, before)
}
func (c *countingStore) RecordLoginFailure(ctx context.Context, key string, at time.Time) error {
	c.count("RecordLoginFailure")
	return c.next.RecordLoginFailure(ctx, key, at)
}
func (c *countingStore) LoginFailures(ctx context.Context, key string, since time.Time) (int, time.Time, error) {
	c.count("LoginFailures")
	return c.next.LoginFailures(ctx, key, since)
}
func (c *countingStore) ClearLoginFailures(ctx context.Context, key string) error {
	c.count("ClearLoginFailures")
	return c.next.ClearLoginFailures(ctx, key)
}

func (c *countingStore) UserBySubject(ctx context.Context, issuer, subject string) (store.User, error) {
	c.count("UserBySubject")
	return c.next.UserBySubject(ctx, issuer, subject)
}
func (c *countingStore) LinkSubject(ctx context.Context, id int64, issuer, subject string) (store.User, error) {
	c.count("LinkSubject")
	return c.next.LinkSubject(ctx, id, issuer, subject)
}
func (c *countingStore) SchoolLand(ctx context.Context) (string, error) {
	c.count("SchoolLand")
	return c.next.SchoolLand(ctx)
}
func (c *countingStore) SetSchoolLand(ctx context.Context, land string) error {
	c.count("SetSchoolLand")
	return c.next.SetSchoolLand(ctx, land)
}
func (c *countingStore) OIDCStateKey(ctx context.Context, fresh []byte) ([]byte, error) {
	c.count("OIDCStateKey")
	return c.next.OIDCStateKey(ctx, fresh)
}
func (c *countingStore) SchoolOIDC(ctx context.Context) (store.OIDCConfig, error) {
	c.count("SchoolOIDC")
	return c.next.SchoolOIDC(ctx)
}
func (c *countingStore) SetSchoolOIDC(ctx context.Context, cfg store.OIDCConfig) error {
	c.count("SetSchoolOIDC")
	return c.next.SetSchoolOIDC(ctx, cfg)
}
func (c *countingStore) DeleteSchoolOIDC(ctx context.Context) error {
	c.count("DeleteSchoolOIDC")
	return c.next.DeleteSchoolOIDC(ctx)
}

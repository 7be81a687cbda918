public enum Stub2 {}
